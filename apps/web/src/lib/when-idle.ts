// An idle callback with this much time left means nothing is waiting to be drawn: the page is done
// rendering for now. (Between the short tasks of a page still rendering in slices, the browser
// also runs idle callbacks, with a few milliseconds left.)
const QUIET_MS = 40;

/**
 * Runs `run` once the browser is quietly idle (at the latest after `timeoutMs`); returns a cancel
 * function. For work that must not compete with the first screen: chunks, fonts and parts that
 * can come after it.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const id = window.setTimeout(run, 200);
    return () => window.clearTimeout(id);
  }
  const until = performance.now() + timeoutMs;
  let id = 0;
  const attempt = (deadline: IdleDeadline) => {
    if (deadline.didTimeout || deadline.timeRemaining() >= QUIET_MS) run();
    else id = window.requestIdleCallback(attempt, { timeout: Math.max(1, until - performance.now()) });
  };
  id = window.requestIdleCallback(attempt, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
