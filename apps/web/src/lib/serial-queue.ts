/**
 * Runs async jobs one after another in the order they were queued, so answers are applied in the
 * order the requests were made (a slow early answer can never overwrite a later one).
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(job: () => Promise<T>): Promise<T> {
    const result = tail.then(job, job);
    tail = result.catch(() => undefined);
    return result;
  };
}
