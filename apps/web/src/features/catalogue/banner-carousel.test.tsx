import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS, BannerCarousel } from './banner-carousel';

vi.mock('./catalogue-api', () => ({
  fetchBanners: () =>
    Promise.resolve([
      { id: 1, image: '/media/b1.webp', title: 'Dashain offers' },
      { id: 2, image: '/media/b2.webp', title: 'Fresh vegetables' },
    ]),
}));

const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );

/** The banner on show: react-bootstrap marks its slide active. */
const shown = () => document.querySelector('.carousel-item.active img')?.getAttribute('alt');

/** The first banner shows at once; the carousel (a lazy chunk) takes over with its indicators. */
const carouselLoaded = () => screen.findByRole('button', { name: 'Slide 1' });

/** One interval, plus the fade, which the carousel finishes on a timer of its own. */
async function waitOneInterval() {
  await act(() => vi.advanceTimersByTimeAsync(BANNER_INTERVAL_MS));
  await act(() => vi.advanceTimersByTimeAsync(1000));
}

describe('BannerCarousel', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves on by itself until the pause button stops it (WCAG 2.2.2)', async () => {
    reducedMotion(false);
    render(<BannerCarousel />);
    const pause = await screen.findByRole('button', { name: 'Pause banners' });
    expect(shown()).toBe('Dashain offers');
    await carouselLoaded();
    await waitOneInterval();
    expect(shown()).toBe('Fresh vegetables');

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Play banners' })).toBeInTheDocument();
    await waitOneInterval();
    await waitOneInterval();
    expect(shown()).toBe('Fresh vegetables');

    await user.click(screen.getByRole('button', { name: 'Play banners' }));
    await waitOneInterval();
    expect(shown()).toBe('Dashain offers');
  });

  it('starts still when the system asks for less motion', async () => {
    reducedMotion(true);
    render(<BannerCarousel />);
    expect(await screen.findByRole('button', { name: 'Play banners' })).toBeInTheDocument();
    await carouselLoaded();
    await waitOneInterval();
    await waitOneInterval();
    expect(shown()).toBe('Dashain offers');
  });
});
