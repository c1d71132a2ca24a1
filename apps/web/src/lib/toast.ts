import type { ToastContent, ToastOptions } from 'react-toastify';
import { translateText } from '../i18n/server-texts';

/**
 * react-toastify, loaded after the first paint instead of with the page (its code is a third of
 * what the home page would otherwise run before showing anything). The shop's always-loaded code
 * raises toasts through here; a toast raised before the library arrives waits for it (react-toastify
 * keeps toasts raised before its container mounts and shows them when it does). Code inside lazily
 * loaded pages may import react-toastify itself.
 */
type Toastify = typeof import('react-toastify');

let loaded: Toastify | undefined;
let loading: Promise<Toastify> | undefined;

export function loadToastify(): Promise<Toastify> {
  loading ??= import('react-toastify').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

// A toast raised before the container is on the page asks for it at once (app/toasts.tsx): held
// back until the shopper's first tap, it popped up over the header under that tap and took it.
let raisedEarly = false;
const containerWanted = new Set<() => void>();

/** Calls `listener` once a toast is raised (at once if one already was); returns an unsubscribe. */
export function onToastRaised(listener: () => void): () => void {
  if (raisedEarly) {
    listener();
    return () => {};
  }
  containerWanted.add(listener);
  return () => containerWanted.delete(listener);
}

function raised() {
  if (raisedEarly) return;
  raisedEarly = true;
  for (const listener of containerWanted) listener();
  containerWanted.clear();
}

const show =
  (kind: Kind) =>
  (given: ToastContent, options?: ToastOptions): void => {
    // A text is shown in the shopper's language, the API's English ones included.
    const content = typeof given === 'string' ? translateText(given) : given;
    raised();
    if (loaded) loaded.toast[kind](content, options);
    else void loadToastify().then((m) => m.toast[kind](content, options));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
