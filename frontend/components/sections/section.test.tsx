import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Section } from './section';

const isReacts = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber'));

function section(staticContent: boolean) {
  return (
    <Section id="trust" title="Why trust us" staticContent={staticContent}>
      <ul>
        <li>Licensed</li>
        <li>Insured</li>
      </ul>
    </Section>
  );
}

/** The section pre-rendered into the document, then hydrated there. */
async function prerenderedAndHydrated(staticContent: boolean) {
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  const container = document.createElement('div');
  container.innerHTML = renderToString(section(staticContent));
  document.body.append(container);
  const heading = container.querySelector('h2')!;
  await act(async () => {
    hydrateRoot(container, section(staticContent));
  });
  return { container, heading };
}

describe('Section', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('keeps static content as pre-rendered, hydrating none of its elements', async () => {
    const { container, heading } = await prerenderedAndHydrated(true);
    expect(container.querySelector('h2')).toBe(heading);
    expect(container.querySelector('section')!.textContent).toBe('Why trust usLicensedInsured');
    expect([...container.querySelectorAll('section *')].some(isReacts)).toBe(false);
    expect(isReacts(container.querySelector('section')!)).toBe(true);
  });

  it('hydrates every element of a section that is not static', async () => {
    const { container } = await prerenderedAndHydrated(false);
    expect(isReacts(container.querySelector('h2')!)).toBe(true);
    expect(isReacts(container.querySelector('li')!)).toBe(true);
  });

  it('renders its content when the browser renders it, though the last page’s section of the same id is still there', async () => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    // The page being left, as a client-side navigation finds it while rendering the next one.
    const leaving = document.createElement('div');
    leaving.innerHTML = renderToString(section(true));
    document.body.append(leaving);
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(section(true));
    });
    expect(container.querySelector('section')!.textContent).toBe('Why trust usLicensedInsured');
    expect(isReacts(container.querySelector('li')!)).toBe(true);
  });
});
