import { afterEach, expect, test, vi } from 'vitest';
import { whenIdle } from './when-idle';

/** A browser whose idle callbacks the test hands out, one deadline at a time. */
function idleBrowser() {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => waiting.push(cb));
  vi.stubGlobal('cancelIdleCallback', (id: number) => waiting.splice(id - 1, 1, () => {}));
  return (timeRemaining: number, didTimeout = false) =>
    waiting.shift()?.({ didTimeout, timeRemaining: () => timeRemaining });
}

afterEach(() => vi.unstubAllGlobals());

test('waits past the short gaps of a page still rendering for a quiet idle moment', () => {
  const idle = idleBrowser();
  const run = vi.fn();
  whenIdle(run);
  idle(4);
  idle(12);
  expect(run).not.toHaveBeenCalled();
  idle(49);
  expect(run).toHaveBeenCalledOnce();
});

test('runs at the latest when its time is up, and not at all once cancelled', () => {
  const idle = idleBrowser();
  const late = vi.fn();
  whenIdle(late, 2000);
  idle(2, true);
  expect(late).toHaveBeenCalledOnce();

  const cancelled = vi.fn();
  const cancel = whenIdle(cancelled);
  cancel();
  idle(50);
  expect(cancelled).not.toHaveBeenCalled();
});
