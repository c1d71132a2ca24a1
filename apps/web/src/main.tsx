import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { declareDevanagariFont, loadDevanagariFontFirst } from './app/devanagari-font';
import { preloadPages } from './app/routes';
import { storeRehydrated } from './app/store';
import { applyLanguage } from './i18n/i18n';
import { initialLanguage } from './i18n/language';
import { afterFirstScreen } from './lib/after-first-screen';

/**
 * The built page loads its stylesheet without blocking the first paint (the shell in index.html
 * has its own few rules; src/app/early-requests.ts adds the stylesheet): the app waits for it, so
 * nothing renders unstyled and then moves. It also waits for the address's lazy pages.
 */
function stylesheetsReady(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-app-css]');
  const loading = [...links].filter((link) => !link.sheet);
  return Promise.all(
    loading.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          // Without it the shop still works: render rather than wait forever.
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
}

declareDevanagariFont();

// The address's lazy pages load meanwhile; a failed chunk is the error page's to show.
const pages = preloadPages(window.location.pathname).catch(() => {});

// The shopper's language (its messages are a chunk of their own unless English) is in place
// before the first render, so the page never shows in one language and then the other.
const firstLanguage = initialLanguage();
const language = applyLanguage(firstLanguage).catch(() => {});
// A Nepali page's text is Devanagari from the first paint (src/app/devanagari-font.ts).
const font = firstLanguage === 'ne' ? loadDevanagariFontFirst() : undefined;

// The state kept on the device is back in the store before the first render (no gate that renders a
// spinner and then, synchronously, the whole page in one long task).
void Promise.all([stylesheetsReady(), pages, language, font, storeRehydrated]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition renders in slices that yield to the browser every few milliseconds, so the
  // first screen's render is many short tasks instead of one long one (Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The service worker (decision 048) registers once the first screen is shown: its code and its
// precache downloads never compete with the first visit's page.
if (import.meta.env.PROD)
  afterFirstScreen(() => void import('./pwa/register-sw').then((m) => m.startServiceWorker()));
