import { useSyncExternalStore } from 'react';

// What the page knows about the installed app: a new version waiting, an install the browser
// offers. Set by the lazily loaded register-sw.ts, read by the notices (pwa-notices.tsx).

export interface PwaState {
  /** A new version is installed and waits for the shopper's "reload". */
  updateReady: boolean;
  /** The browser would install the shop now (its beforeinstallprompt, kept for later). */
  installable: boolean;
}

// Checking out (and coming back from a wallet) is never interrupted by a reload.
const CHECKING_OUT = /^\/(checkout|payment)(\/|$)/;

export function isCheckingOut(pathname: string): boolean {
  return CHECKING_OUT.test(pathname);
}

let state: PwaState = { updateReady: false, installable: false };
const listeners = new Set<() => void>();
let applyUpdate: (() => void) | null = null;
let install: (() => Promise<void>) | null = null;

export function setPwaState(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function onUpdateApplied(run: () => void): void {
  applyUpdate = run;
}

export function onInstallAsked(run: () => Promise<void>): void {
  install = run;
}

/** The shopper chose "reload": the waiting version takes over and the page reloads once. */
export function reloadToUpdate(): void {
  applyUpdate?.();
}

export async function installApp(): Promise<void> {
  await install?.();
  setPwaState({ installable: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser says it has a connection (a drop fires `offline` at once). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
