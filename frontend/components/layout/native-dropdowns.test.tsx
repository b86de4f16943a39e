import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteHeaderContent } from './site-header';

/** Holds the dropdowns' code back until the test lets it arrive. */
const arrival = vi.hoisted(() => {
  let letArrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    letArrive = resolve;
  });
  return { arrived, letArrive };
});
vi.mock('./desktop/desktop-menus', async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

const navigation = {
  states: [
    { label: 'Alabama', path: '/alabama' },
    { label: 'Alaska', path: '/alaska' },
  ],
  blog: [{ label: 'Bulk Trash vs Junk Removal', path: '/blog/bulk-trash-vs-junk-removal' }],
};

describe('the hand-over from the native dropdowns to the real ones', () => {
  // What the held module imports, loaded up front: once let through, it arrives at once.
  beforeAll(async () => {
    await import('./desktop/nav-dropdown');
  });

  it('keeps the focus on the button the visitor reached before the real menus arrived', async () => {
    render(
      <header>
        <SiteHeaderContent navigation={navigation} pathname="/alabama" />
      </header>,
    );
    const native = screen.getByRole('button', { name: 'States' });
    expect(native).toHaveAttribute('data-menu-placeholder', 'States');
    native.focus();

    arrival.letArrive();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'States' })).toHaveAttribute(
        'data-menu-button',
        'States',
      ),
    );
    const real = screen.getByRole('button', { name: 'States' });
    expect(real).not.toBe(native);
    expect(real).toHaveFocus();
  });
});
