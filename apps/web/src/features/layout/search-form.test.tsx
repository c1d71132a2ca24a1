import type { ProductSuggestions } from '@pasal/contract/catalogue';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchSuggestions } from '../catalogue/catalogue-api';
import { SearchForm } from './search-form';

vi.mock('../catalogue/catalogue-api', () => ({ fetchSuggestions: vi.fn() }));

const rice: ProductSuggestions = {
  categories: [{ id: 12, title: 'Rice', nepali_title: 'चामल' }],
  products: [
    { id: 1, slug: 'sona-mansuli', title: 'Sona Mansuli Rice 25 kg', nepali_title: 'सोना मन्सुली चामल' },
    { id: 2, slug: 'basmati', title: 'Basmati Rice 1 kg', nepali_title: 'बासमती चामल' },
  ],
  spellings: [],
};

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchForm /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const box = () => screen.getByRole('combobox', { name: 'Search products' });

describe('the search box’s suggestions (ARIA combobox)', () => {
  beforeEach(() => {
    vi.mocked(fetchSuggestions).mockReset();
  });

  it('asks once the shopper pauses, lists products and categories, and the arrows and Enter open one', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchSuggestions).mockResolvedValue(rice);
    const router = renderForm();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.type(box(), 'chamal');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    // Typed quickly: one request, for the whole word.
    expect(vi.mocked(fetchSuggestions).mock.calls.map((c) => c[0])).toEqual(['chamal']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Rice चामल, Category',
      'Sona Mansuli Rice 25 kg सोना मन्सुली चामल, Product',
      'Basmati Rice 1 kg बासमती चामल, Product',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions');

    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2].id);
    expect(box()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/detail/basmati');
  });

  it('Escape closes the list; Enter with nothing chosen searches', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchSuggestions).mockResolvedValue(rice);
    const router = renderForm();
    await user.type(box(), 'rice');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?query=rice');
  });

  it('a click on a category opens it', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchSuggestions).mockResolvedValue(rice);
    const router = renderForm();
    await user.type(box(), 'चामल');
    await user.click(await screen.findByRole('option', { name: /^Rice चामल/ }));
    expect(router.state.location.pathname).toBe('/viewallca/12');
    expect(router.state.location.state).toEqual({ categoryTitle: 'Rice' });
  });

  it('a request still running is cancelled when the shopper types on', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    vi.mocked(fetchSuggestions).mockImplementation((_q, opts) => {
      signals.push(opts!.signal!);
      return new Promise(() => {});
    });
    renderForm();
    await user.type(box(), 'ch');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(box(), 'a');
    expect(signals[0].aborted).toBe(true);
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(vi.mocked(fetchSuggestions).mock.calls.map((c) => c[0])).toEqual(['ch', 'cha']);
  });
});
