import { afterEach, beforeEach, expect, test, vi } from 'vitest';

/** A browser that reports largest paints when the test says (jsdom has no PerformanceObserver for them). */
function paintingBrowser() {
  let report: ((entries: { url: string }[]) => void) | undefined;
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(callback: (list: { getEntries(): unknown[] }) => void) {
      report = (entries) => callback({ getEntries: () => entries });
    }
    observe() {}
    disconnect() {
      report = undefined;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (url: string) => report?.([{ url }]);
}

/** A fresh copy of the module: it keeps one "first screen" per page load. */
const load = async () => {
  vi.resetModules();
  return import('./after-first-screen');
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test("waits for the page's largest picture to be painted, not for text", async () => {
  const paint = paintingBrowser();
  const { afterFirstScreen, markAppRendered } = await load();
  const run = vi.fn();
  afterFirstScreen(run);
  markAppRendered();
  paint(''); // the header's text
  await vi.advanceTimersByTimeAsync(1000);
  expect(run).not.toHaveBeenCalled();
  paint('http://localhost/media/w/800/banners/1.webp');
  await vi.advanceTimersByTimeAsync(100);
  expect(run).toHaveBeenCalledOnce();
});

test('a click, or a page without pictures after a while, ends the wait; a cancelled run never comes', async () => {
  paintingBrowser();
  let { afterFirstScreen, markAppRendered } = await load();
  const clicked = vi.fn();
  afterFirstScreen(clicked);
  window.dispatchEvent(new Event('pointerdown'));
  await vi.advanceTimersByTimeAsync(100);
  expect(clicked).toHaveBeenCalledOnce();

  paintingBrowser();
  ({ afterFirstScreen, markAppRendered } = await load());
  const late = vi.fn();
  const cancelled = vi.fn();
  afterFirstScreen(late);
  const cancel = afterFirstScreen(cancelled);
  cancel();
  // The while is counted from the app's first screen.
  await vi.advanceTimersByTimeAsync(3000);
  expect(late).not.toHaveBeenCalled();
  markAppRendered();
  await vi.advanceTimersByTimeAsync(1000);
  expect(late).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1000);
  expect(late).toHaveBeenCalledOnce();
  expect(cancelled).not.toHaveBeenCalled();
});

test("a picture the server's document painted waits for the app's first screen too", async () => {
  const paint = paintingBrowser();
  const { afterFirstScreen, markAppRendered } = await load();
  const run = vi.fn();
  afterFirstScreen(run);
  paint('http://localhost/media/products/rice.webp'); // the document's picture, before any script ran
  await vi.advanceTimersByTimeAsync(3000);
  expect(run).not.toHaveBeenCalled();
  markAppRendered();
  await vi.advanceTimersByTimeAsync(100);
  expect(run).toHaveBeenCalledOnce();
});
