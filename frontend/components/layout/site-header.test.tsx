import { render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { Link, createRoutesStub, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteHeader, SiteHeaderContent } from './site-header';
import { type SiteLinkProps, SiteLinkContext } from './site-link';

const navigation = {
  states: [
    { label: 'Alabama', path: '/alabama' },
    { label: 'Alaska', path: '/alaska' },
  ],
  blog: [{ label: 'Bulk Trash vs Junk Removal', path: '/blog/bulk-trash-vs-junk-removal' }],
};

const renderRouterLink = (props: SiteLinkProps) => <Link {...props} />;

/** The header as the app renders it: React Router's links and location. */
function AppHeader() {
  const { pathname } = useLocation();
  return (
    <SiteLinkContext value={renderRouterLink}>
      <SiteHeader navigation={navigation} pathname={pathname} />
    </SiteLinkContext>
  );
}

function renderHeader() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: AppHeader,
      children: [{ path: 'alaska', Component: () => <p>Alaska page</p> }],
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SiteHeader', () => {
  // The dropdowns' code, loaded once up front: the header's own lazy import of it then resolves at
  // once, however busy the machine (a first import can take longer than a waitFor).
  beforeAll(async () => {
    await import('./desktop/desktop-menus');
  });

  it('links the product name and Home to the home page', async () => {
    renderHeader();
    const home = await screen.findByRole('link', { name: 'Bulk Trash Pickup' });
    expect(home).toHaveAttribute('href', '/');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('opens the States dropdown with every state it is given', async () => {
    renderHeader();
    // The dropdowns' code arrives lazily on a wide screen (happy-dom's window is 1024 px wide).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'States' })).toHaveAttribute(
        'data-headlessui-state',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'States' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Alabama', 'Alaska']);
  });

  it('renders every control of the top bar so that the browser runs it without any script', () => {
    const html = renderToString(
      <header>
        <SiteHeaderContent navigation={navigation} pathname="/alabama" />
      </header>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('script')).toBeNull();
    const popoverOf = (button: Element | null) =>
      page.getElementById(button?.getAttribute('popovertarget') ?? '');

    // The phone menu: a popover with its close button, and the lists as native <details>.
    const menu = popoverOf(page.querySelector('button[aria-controls="mobile-menu"]'));
    expect(menu?.getAttribute('popover')).toBe('auto');
    expect(menu?.getAttribute('role')).toBe('dialog');
    const close = [...menu!.querySelectorAll('button')].find((b) => b.textContent === 'Close menu');
    expect(close?.getAttribute('popovertarget')).toBe(menu!.id);
    expect(close?.getAttribute('popovertargetaction')).toBe('hide');
    expect(close?.hasAttribute('autofocus')).toBe(true);
    expect([...menu!.querySelectorAll('details > summary')].map((s) => s.textContent)).toEqual([
      'States',
      'Blog',
    ]);
    expect([...menu!.querySelectorAll('details a')].map((a) => a.getAttribute('href'))).toEqual([
      '/alabama',
      '/alaska',
      '/blog/bulk-trash-vs-junk-removal',
    ]);

    // The desktop dropdowns: each button opens a popover list of plain links.
    for (const [label, hrefs] of [
      ['States', ['/alabama', '/alaska']],
      ['Blog', ['/blog/bulk-trash-vs-junk-removal']],
    ] as const) {
      const button = page.querySelector(`[data-menu-placeholder="${label}"]`);
      const list = popoverOf(button);
      expect(list?.getAttribute('popover')).toBe('auto');
      expect([...list!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(hrefs);
    }
  });

  it('works as a header island with no router at all: plain document links and working menus', async () => {
    // What a content page hydrates (frontend/entry.islands.tsx): no React Router around it, so
    // any hook of the router would throw here.
    render(
      <header>
        <SiteHeaderContent navigation={navigation} pathname="/alabama" />
      </header>,
    );
    const home = screen.getByRole('link', { name: 'Bulk Trash Pickup' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).not.toHaveAttribute('data-discover');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'States' })).toHaveAttribute(
        'data-headlessui-state',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'States' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('href'))).toEqual(['/alabama', '/alaska']);
  });
});
