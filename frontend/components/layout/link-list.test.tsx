import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FollowLinkContext, LinkList } from './link-list';

const links = [
  { label: 'Alabama', path: '/alabama' },
  { label: 'Alaska', path: '/alaska' },
];

const isReacts = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber'));

describe('LinkList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  function list(onLinkClick = vi.fn(), follow = vi.fn()) {
    return {
      onLinkClick,
      follow,
      element: (
        <FollowLinkContext value={follow}>
          <LinkList
            id="states"
            className="list"
            links={links}
            linkClassName="link"
            onLinkClick={onLinkClick}
          />
        </FollowLinkContext>
      ),
    };
  }

  it('hydrates over its pre-rendered items without taking them over, and one click handler serves them', async () => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    const { element, onLinkClick, follow } = list();
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const alaska = container.querySelector('a[href="/alaska"]')!;
    await act(async () => {
      hydrateRoot(container, element);
    });
    // The same links, still there, and none of them React's.
    expect(container.querySelector('a[href="/alaska"]')).toBe(alaska);
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Alabama',
      'Alaska',
    ]);
    expect([...container.querySelectorAll('li, a')].some(isReacts)).toBe(false);
    expect(isReacts(container.querySelector('ul')!)).toBe(true);

    alaska.addEventListener('click', (event) => event.preventDefault());
    await act(async () => {
      alaska.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(onLinkClick).toHaveBeenCalledWith(alaska);
    expect(follow).toHaveBeenCalledTimes(1);
    expect(follow.mock.calls[0]![1]).toBe(alaska);
  });

  it('renders its items where nothing was pre-rendered', async () => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    const { element } = list();
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(element);
    });
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/alabama',
      '/alaska',
    ]);
  });
});
