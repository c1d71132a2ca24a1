import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The cluster state recorded in a PostgreSQL data folder's global/pg_control (the DBState enum,
 * at the same offset in every version): 'shut down' after a clean close, 'in production' while
 * open or after a crash (the next start then runs crash recovery).
 */
export function clusterState(pgdata: string): 'shut down' | 'in production' | `state ${number}` {
  const state = readFileSync(join(pgdata, 'global', 'pg_control')).readInt32LE(16);
  if (state === 1) return 'shut down';
  if (state === 6) return 'in production';
  return `state ${state}`;
}
