import { afterEach, describe, expect, it } from 'vitest';
import { enteredBeforeHydration } from './entered-before-hydration';

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

describe('enteredBeforeHydration', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('answers nothing for a form left as it was pre-rendered', () => {
    const untouched = form(`
      <input name="businessName" value="">
      <input type="radio" name="truck" value="box">
      <input type="checkbox" name="agreement">
      <input type="file" name="insuranceCertificate">`);
    expect(enteredBeforeHydration(untouched)).toEqual({});
  });

  it('answers the text typed, the radio chosen in each group and a ticked box, by name', () => {
    const entered = form(`
      <input name="businessName">
      <input name="email" type="email">
      <input name="phone">
      <input type="radio" name="serviceRadiusMiles" value="10">
      <input type="radio" name="serviceRadiusMiles" value="25">
      <input type="radio" name="truck" value="box">
      <input type="checkbox" name="agreement">`);
    (entered.elements.namedItem('businessName') as HTMLInputElement).value = 'Acme Hauling';
    (entered.elements.namedItem('email') as HTMLInputElement).value = 'a@example.com';
    entered.querySelector<HTMLInputElement>('[value="25"]')!.checked = true;
    (entered.elements.namedItem('agreement') as HTMLInputElement).checked = true;
    expect(enteredBeforeHydration(entered)).toEqual({
      businessName: 'Acme Hauling',
      email: 'a@example.com',
      serviceRadiusMiles: '25',
      agreement: true,
    });
  });
});
