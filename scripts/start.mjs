// `npm start`: runs the built server (plain JavaScript: no TypeScript compiler at run time, decision
// 050). Where the build tools are installed it first builds what is missing or older than its
// sources; a production install (`npm ci --omit=dev`) has no build tools and runs what was built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const serverEntry = join(root, 'apps/api/dist/server.js');
const canBuild =
  existsSync(join(root, 'node_modules/esbuild')) && existsSync(join(root, 'node_modules/vite'));

/** The newest modification time of the files under these folders (0 if none). */
function newest(...folders) {
  let latest = 0;
  const walk = (folder) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else latest = Math.max(latest, statSync(path).mtimeMs);
    }
  };
  for (const folder of folders) walk(folder);
  return latest;
}

function run(workspace, reason) {
  console.info(`Building ${workspace} (${reason})…`);
  const build = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  if (!canBuild)
    fail('the storefront is not built: run `npm run build` where the dev dependencies are installed');
  run('@pasal/web', 'first start');
}
if (!existsSync(serverEntry)) {
  if (!canBuild)
    fail('the server is not built: run `npm run build` where the dev dependencies are installed');
  run('@pasal/api', 'first start');
} else if (canBuild) {
  const sources = newest(join(root, 'apps/api/src'), join(root, 'packages/contract/src'));
  if (sources > statSync(serverEntry).mtimeMs) run('@pasal/api', 'its sources changed');
}

function fail(message) {
  console.error(`Cannot start: ${message}.`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  // glibc returns blocks of 256 kB and more to the system when freed, rather than keeping them in
  // each thread's arena: the picture work of the first start and the compression of answers then
  // leave no hundreds of megabytes behind (decision 076). An operator's own setting wins.
  env: { MALLOC_MMAP_THRESHOLD_: '262144', ...process.env },
});
// Pass stop signals on so the server can finish its requests and close the database.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
