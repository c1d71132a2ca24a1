// Work that can follow the first screen (the carousel's code, the toast container, the Devanagari
// font) waits for the page's largest picture to be painted, then for the browser's next idle
// moment. Waiting for the load event or an idle moment alone is not enough: the load event comes
// before the page has rendered its data, and React renders in short slices with idle gaps between
// them, so that work arrived while the picture was still on its way (decision 032).

// The latest the first screen is waited for, when no picture is ever painted as the largest.
const FALLBACK_MS = 1500;
const IDLE_TIMEOUT_MS = 1000;

let firstScreen: Promise<void> | undefined;

// The app's first screen committed. The server's document may already show the page's largest
// picture (decision 069), so a painted picture alone no longer means the app has drawn its page:
// without this the deferred work would land in the middle of the app's first render.
let appRendered: () => void = () => {};
const appRenderedOnce = new Promise<void>((resolve) => {
  appRendered = resolve;
});

/** Called once, when the app's first screen is on the page (App's first effect). */
export function markAppRendered(): void {
  appRendered();
}

const supportsLcp = () =>
  typeof PerformanceObserver === 'function' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');

/** Settles once a picture has been painted as the page's largest element (or the shopper acts). */
function whenFirstScreenShown(): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    if (!supportsLcp()) {
      // No way to know: the load event, as before.
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
      return;
    }
    let painted = false;
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as PerformanceEntry & { url?: string }).url)) {
        painted = true;
        observer.disconnect();
        void appRenderedOnce.then(done);
      }
    });
    // Without a picture, a while after the app's first screen.
    let timer = 0;
    void appRenderedOnce.then(() => {
      if (!painted) timer = window.setTimeout(() => done(), FALLBACK_MS);
    });
    // Once the shopper clicks or types the page is in use: what they may need must not wait.
    const acted = () => done();
    function done() {
      observer.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener('pointerdown', acted, true);
      window.removeEventListener('keydown', acted, true);
      resolve();
    }
    window.addEventListener('pointerdown', acted, true);
    window.addEventListener('keydown', acted, true);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return firstScreen;
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 50);
  return () => window.clearTimeout(id);
}

/** Runs `run` once the first screen is on show and the browser is idle; returns a cancel function. */
export function afterFirstScreen(run: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  void whenFirstScreenShown().then(() => {
    if (!cancelled) cancelIdle = whenIdle(run);
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
