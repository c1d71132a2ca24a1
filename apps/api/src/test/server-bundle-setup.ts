import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { apiDir } from '../api-dir';
import { SERVER_BUNDLE_VARIABLE } from './server-process';

// vitest global setup of the reliability suite: the server its tests start (dozens of times) is
// bundled once, with `npm run build`'s script, into a folder of this run's own (a build running
// beside it keeps dist/). Workers inherit the variable that names it.
export function setup() {
  const folder = mkdtempSync(join(apiDir, '.test-server-'));
  execFileSync(process.execPath, [join(apiDir, 'scripts/build.mjs'), folder], { stdio: 'inherit' });
  process.env[SERVER_BUNDLE_VARIABLE] = join(folder, 'server.js');
  return () => rmSync(folder, { recursive: true, force: true });
}
