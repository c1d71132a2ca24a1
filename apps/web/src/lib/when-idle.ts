/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`); returns a cancel function.
 * For work that must not compete with the first screen: chunks and parts that can come after it.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}
