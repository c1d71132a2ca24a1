// Lets code outside React (the API client) navigate with the router once it is mounted.
type Navigate = (to: string) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(fn: Navigate | null) {
  navigateImpl = fn;
}

export function navigateTo(to: string) {
  if (navigateImpl) navigateImpl(to);
  else window.location.assign(to);
}
