// Lets code outside React (the API client) navigate with the router once it is mounted.
type Navigate = (to: string) => void;

let navigateImpl: Navigate | null = null;
// A navigation asked for before the router is up (a session found expired while the app starts)
// waits for it: a full page load instead would lose the toast that explains it.
let pending: string | null = null;

export function setNavigator(fn: Navigate | null) {
  navigateImpl = fn;
  if (fn && pending !== null) {
    const to = pending;
    pending = null;
    fn(to);
  }
}

export function navigateTo(to: string) {
  if (navigateImpl) navigateImpl(to);
  else pending = to;
}
