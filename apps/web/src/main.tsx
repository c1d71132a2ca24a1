import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

/**
 * The built page loads its stylesheet without blocking the first paint (the shell in index.html
 * has its own few rules; src/app/early-requests.ts adds the stylesheet): the app waits for it, so
 * nothing renders unstyled and then moves.
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

void stylesheetsReady().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
