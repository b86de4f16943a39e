import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mainFaq } from '../content/main-faq';
import { ChevronDownIcon } from './icons/chevron-down';
import { DesktopMenus } from './layout/desktop/desktop-menus';
import { SiteHeaderContent } from './layout/site-header';
import { CallToAction } from './sections/call-to-action';
import { FaqAccordion } from './sections/faq-accordion';
import { invertedButtonClass, primaryButtonClass } from './sections/quote-link';

const navigation = {
  states: [
    { label: 'Alabama', path: '/alabama' },
    { label: 'Alaska', path: '/alaska' },
  ],
  blog: [{ label: 'Bulk Trash vs Junk Removal', path: '/blog/bulk-trash-vs-junk-removal' }],
};

/** Every class attribute of some markup. */
function classAttributes(html: string): string[] {
  return [...html.matchAll(/class="([^"]*)"/g)].map((match) => match[1]!);
}

/** Renders inside a router: the call to action links with React Router's `Link`. */
function inRouter(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ['/'] }));
}

// The classes of what every page hydrates are joined, not merged at run time: tailwind-merge's
// first call builds its whole class map, tens of ms of a phone's main thread at start-up. That
// is only right while no utility in a class list overrides another; tailwind-merge says so.
describe('class lists of the hydrated components', () => {
  const rendered = {
    'the top bar': renderToStaticMarkup(
      createElement(SiteHeaderContent, { navigation, pathname: '/' }),
    ),
    'the desktop menus': inRouter(createElement(DesktopMenus, navigation)),
    'the call to action': inRouter(createElement(CallToAction)),
    'the FAQ': renderToStaticMarkup(
      createElement(FaqAccordion, { id: 'faq', title: 'FAQ', faqs: mainFaq }),
    ),
    'a chevron of the default size': renderToStaticMarkup(createElement(ChevronDownIcon)),
  };

  for (const [name, html] of Object.entries(rendered)) {
    it(`has nothing for tailwind-merge to merge in ${name}`, () => {
      const classes = classAttributes(html);
      expect(classes.length).toBeGreaterThan(0);
      for (const list of classes) expect(twMerge(list)).toBe(list);
    });
  }

  it('gives the inverted button the primary button’s shape with its own colours', () => {
    expect(invertedButtonClass.split(' ').sort()).toEqual(
      twMerge(primaryButtonClass, 'bg-white text-emerald-900 hover:bg-emerald-50')
        .split(' ')
        .sort(),
    );
  });
});
