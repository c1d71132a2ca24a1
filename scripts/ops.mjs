// `npm run backup` / `npm run restore`: where tsx is installed (a development install) the sources
// run, so the command is always current; a production install (`npm ci --omit=dev`) runs the
// built commands in apps/api/dist (decision 050).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
if (command !== 'backup' && command !== 'restore') {
  console.error('Usage: node scripts/ops.mjs backup|restore [arguments]');
  process.exit(64);
}
const tsx = join(root, 'node_modules/tsx/dist/loader.mjs');
const built = join(root, `apps/api/dist/${command}-cli.js`);
let nodeArgs;
if (existsSync(tsx))
  nodeArgs = ['--import', pathToFileURL(tsx).href, join(root, `apps/api/src/ops/${command}-cli.ts`)];
else if (existsSync(built)) nodeArgs = ['--enable-source-maps', built];
else {
  console.error(
    'Cannot run: the server is not built: run `npm run build` where the dev dependencies are installed.',
  );
  process.exit(1);
}
const child = spawn(process.execPath, [...nodeArgs, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
