import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollRestoration', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a new page at the top and goes back to where the previous page was left', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/list']}>
        <ScrollRestoration />
        <Routes>
          <Route path="/list" element={<Link to="/item">An item</Link>} />
          <Route path="/item" element={<Back />} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => scrollPageTo(1200));
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'An item' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => scrollPageTo(300));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'An item' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
  });
});
