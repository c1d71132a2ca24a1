import { registerSW } from 'virtual:pwa-register';
import { takeAnswersReadBeforeWorker } from '../lib/catalogue-get';
import { isCatalogueRead, KEEP_ANSWERS } from './cache-rules';
import { countVisit } from './install-timing';
import { isCheckingOut, onInstallAsked, onUpdateApplied, setPwaState } from './pwa-state';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The catalogue answers this page read before the worker controlled it (a first visit) went past
 * it. The page hands the worker the ones it holds (the server's embedded answers and those read
 * through `catalogueGet`), to keep for offline; only the others are asked again through it (the
 * browser's cache or a 304 answers). Asking for them all again cost a phone one more round trip
 * per answer (issue 25).
 */
function keepWhatThisPageRead() {
  const answers = takeAnswersReadBeforeWorker();
  const held = new Set(answers.map((answer) => new URL(answer.url, window.location.href).href));
  if (answers.length) navigator.serviceWorker.controller?.postMessage({ type: KEEP_ANSWERS, answers });
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, window.location.href))
    .filter((url) => url.origin === window.location.origin && isCatalogueRead(url) && !held.has(url.href));
  for (const url of new Set(urls.map(String))) void fetch(url).catch(() => {});
}

let started = false;

/** Registers the service worker (after the first screen: src/main.tsx) and wires its events. */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  countVisit();

  window.addEventListener('beforeinstallprompt', (event) => {
    // Not on first load: kept until the sensible moment (install-timing.ts).
    event.preventDefault();
    const prompt = event as InstallPromptEvent;
    onInstallAsked(async () => {
      await prompt.prompt();
      await prompt.userChoice;
    });
    setPwaState({ installable: true });
  });

  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => setPwaState({ updateReady: true }),
    // The new version took over (the shopper chose "reload", here or in another tab): this page
    // reloads into it, unless it is a checkout, which carries on as it is.
    onNeedReload: () => {
      if (!isCheckingOut(window.location.pathname)) window.location.reload();
    },
  });
  onUpdateApplied(() => void update(true));

  if (navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener('controllerchange', keepWhatThisPageRead, { once: true });
}
