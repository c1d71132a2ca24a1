import { useEffect, useState } from 'react';

/**
 * What `load` resolves to (a component's code, say), once `wanted` is true and it has arrived;
 * undefined before, or if it cannot be had. Unlike `React.lazy`, nothing suspends: the caller keeps
 * showing what it showed until the code is in. A lazy component's first render throws, React
 * swaps in the fallback (a fresh copy of what was on screen) and renders again once the code
 * arrives; here the swap happens once. `load` must be the same function on every render.
 */
export function useLoadedModule<T>(load: () => Promise<T>, wanted: boolean): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T }>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (value) => {
        if (live) setLoaded({ value });
      },
      // A chunk that cannot be had (offline): what is on screen stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, load]);
  return loaded?.value;
}
