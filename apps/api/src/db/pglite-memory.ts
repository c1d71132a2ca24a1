import { PGlite } from '@electric-sql/pglite';
import { RANDOM_PAGE_COST } from './planner-costs';

/**
 * PGlite's start parameters: the planner's costs (decision 081), and its buffer cache set to
 * `sharedBuffers` (decision 076). Its WebAssembly memory never shrinks, and PostgreSQL's default of
 * 128MB is most of what an idle shop holds; the data files stay in the operating system's page
 * cache either way. None: PGlite's own size.
 */
export function pgliteStartParams(sharedBuffers: string | undefined): string[] {
  const params = [...PGlite.defaultStartParams, '-c', `random_page_cost=${RANDOM_PAGE_COST}`];
  if (sharedBuffers) params.push('-c', `shared_buffers=${sharedBuffers}`);
  return params;
}
