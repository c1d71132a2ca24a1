import { registerSW } from 'virtual:pwa-register';
import { embeddedAnswerUrls } from '../lib/catalogue-get';
import { isCatalogueRead } from './cache-rules';
import { countVisit } from './install-timing';
import { isCheckingOut, onInstallAsked, onUpdateApplied, setPwaState } from './pwa-state';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The catalogue answers this page read before the worker controlled it (a first visit) went past
 * it: asked again through it (the browser's cache or a 304 answers), they are kept for offline.
 */
function keepWhatThisPageRead() {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, window.location.href))
    .filter((url) => url.origin === window.location.origin && isCatalogueRead(url));
  // The home and product documents carry their answers inline: the worker has not seen them either.
  for (const url of embeddedAnswerUrls()) urls.push(new URL(url, window.location.href));
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
