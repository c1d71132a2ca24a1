// `npm start`: builds the storefront once if it has not been built, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.info('Building the storefront (first start)…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@pasal/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const server = spawn(process.execPath, [tsx, join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
// Pass stop signals on so the server can finish its requests and close the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
