import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

// Metrics of the whole process (event-loop lag, memory, garbage collection, database time), made
// once however many apps a process builds (tests build many); /metrics merges them with the app's.

let registry: Registry | undefined;
let databaseTime: Histogram<'database'> | undefined;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    // nodejs_eventloop_lag_seconds and its percentiles come from here.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    databaseTime = new Histogram({
      name: 'pasal_db_query_duration_seconds',
      help: 'Time from sending a statement (or a whole transaction on PGlite) to its answer.',
      labelNames: ['database'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
      registers: [registry],
    });
  }
  return registry;
}

/** Records one database round trip that began at `startedMs` (performance.now()). */
export function observeDatabaseTime(database: 'pglite' | 'postgres', startedMs: number): void {
  processRegistry();
  databaseTime?.observe({ database }, (performance.now() - startedMs) / 1000);
}
