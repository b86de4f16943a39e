import { describe, expect, it } from 'vitest';
import { closeOtherAnswers } from './close-other-answers';

function detailsIn(html: string): HTMLDetailsElement[] {
  document.body.innerHTML = html;
  return [...document.querySelectorAll('details')];
}

describe('closeOtherAnswers', () => {
  it('closes the open answers of the same group when one opens', () => {
    const [first, second, third] = detailsIn(
      '<div><details name="faq" open></details><details name="faq" open></details><details name="faq"></details></div>',
    );
    third!.open = true;
    closeOtherAnswers(third!);
    expect([first!.open, second!.open, third!.open]).toEqual([false, false, true]);
  });

  it('leaves details without a name alone, as the phone menu has its States and Blog lists', () => {
    const [states, blog] = detailsIn('<nav><details open></details><details></details></nav>');
    blog!.open = true;
    closeOtherAnswers(blog!);
    expect([states!.open, blog!.open]).toEqual([true, true]);
  });

  it('leaves another group alone', () => {
    const [other, answer] = detailsIn(
      '<div><details name="a" open></details><details name="b"></details></div>',
    );
    answer!.open = true;
    closeOtherAnswers(answer!);
    expect(other!.open).toBe(true);
  });
});
