import { observeDatabaseTime } from '../lib/process-metrics';

type Query = (...args: never[]) => unknown;
type AnyQuery = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Wraps a driver's query method so every round trip is recorded in pasal_db_query_duration_seconds
 * (decision 051). Answers are passed on untouched: the promise form returns the driver's own
 * promise, the callback form (pg's pool uses it) calls the caller's callback.
 */
export function timedQuery<F extends Query>(database: 'pglite' | 'postgres', driverQuery: F): F {
  const query = driverQuery as unknown as AnyQuery;
  return function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        observeDatabaseTime(database, started);
        return callback(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const done = () => observeDatabaseTime(database, started);
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  } as unknown as F;
}
