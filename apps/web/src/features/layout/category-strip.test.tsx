import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { CategoryStrip } from './category-strip';

vi.mock('../catalogue/catalogue-api', () => ({
  fetchFeaturedCategories: () =>
    Promise.resolve([
      {
        id: 1,
        title: 'Fruits & Vegetables',
        nepali_title: 'फलफूल र तरकारी',
        slug: 'fruits-vegetables',
        image: null,
        subcategories: [
          { id: 11, title: 'Fresh Fruits', slug: 'fresh-fruits' },
          { id: 12, title: 'Fresh Vegetables', slug: 'fresh-vegetables' },
        ],
      },
      { id: 2, title: 'Bakery', nepali_title: 'बेकरी', slug: 'bakery', image: null, subcategories: [] },
    ]),
}));

describe('CategoryStrip by keyboard', () => {
  it('opens a menu with Enter, tabs into it, and Escape closes it with focus back on its toggle', async () => {
    const user = userEvent.setup();
    renderWithApp(<CategoryStrip />);
    const toggle = await screen.findByRole('button', { name: 'Show Fruits & Vegetables subcategories' });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Fruits & Vegetables' })).toHaveFocus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Fresh Fruits' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Fresh Fruits' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    // Space works as well as Enter, and the next Tab leaves for the next category.
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Bakery' })).toHaveFocus();
  });
});
