import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's start parameters with its buffer cache set to `sharedBuffers` (decision 076). Its
 * WebAssembly memory never shrinks, and PostgreSQL's default of 128MB is most of what an idle shop
 * holds; the data files stay in the operating system's page cache either way. None: PGlite's own.
 */
export function pgliteStartParams(sharedBuffers: string | undefined): string[] | undefined {
  if (!sharedBuffers) return undefined;
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}
