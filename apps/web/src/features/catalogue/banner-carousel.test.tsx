import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS, BannerCarousel } from './banner-carousel';

const { BANNERS, fetchBanners } = vi.hoisted(() => {
  const banners = [
    { id: 1, image: '/media/b1.webp', title: 'Dashain offers' },
    { id: 2, image: '/media/b2.webp', title: 'Fresh vegetables' },
  ];
  return { BANNERS: banners, fetchBanners: vi.fn(() => Promise.resolve(banners)) };
});
vi.mock(import('./catalogue-api'), async (original) => ({ ...(await original()), fetchBanners }));

const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );

/** The banner on show: react-bootstrap marks its slide active. */
const shown = () => document.querySelector('.carousel-item.active img')?.getAttribute('alt');

/**
 * The first banner shows at once; once its picture has loaded, the carousel (a lazy chunk) takes
 * over with its indicators (jsdom loads no pictures: the test says when).
 */
async function carouselLoaded() {
  fireEvent.load(await screen.findByRole('img', { name: 'Dashain offers' }));
  return screen.findByRole('button', { name: 'Slide 1' });
}

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
    fetchBanners.mockClear();
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

  it("the carousel's code waits for the first banner's picture", async () => {
    reducedMotion(false);
    render(<BannerCarousel />);
    const first = await screen.findByRole('img', { name: 'Dashain offers' });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('button', { name: 'Slide 1' })).not.toBeInTheDocument();
    fireEvent.load(first);
    expect(await screen.findByRole('button', { name: 'Slide 1' })).toBeInTheDocument();
  });

  it('renders the banners the server wrote into the page at once, without asking for them', () => {
    reducedMotion(false);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.dataset.answerOf = '/api/ecommerce/banner/';
    block.textContent = JSON.stringify({ data: { results: BANNERS.slice(0, 1) } });
    document.head.append(block);
    render(<BannerCarousel />);
    // In the first render: no loading text, no request.
    expect(screen.getByRole('img', { name: 'Dashain offers' })).toBeInTheDocument();
    expect(screen.queryByText('Loading banners...')).not.toBeInTheDocument();
    expect(fetchBanners).not.toHaveBeenCalled();
    // Taken once: a later visit to the page asks afresh.
    expect(document.querySelector('script[data-answer-of]')).toBeNull();
  });
});
