import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
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
  it('links the product name and Home to the home page', async () => {
    renderHeader();
    const home = await screen.findByRole('link', { name: 'Bulk Trash Pickup' });
    expect(home).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
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

  it('opens the menu a visitor pressed before the dropdowns arrived, with focus in it', async () => {
    // What the inline script records for a click on the States placeholder.
    window.__menuIntent = { label: 'States', keyboard: false };
    renderHeader();
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Alabama', 'Alaska']);
    await waitFor(() => expect(menu).toHaveFocus());
    expect(window.__menuIntent).toBeNull();
  });

  it('opens the mobile menu as a dialog and closes it when a link is chosen', async () => {
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'States' }));
    await userEvent.click(within(dialog).getByRole('link', { name: 'Alaska' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
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
