// `npm run build -w @pasal/api`: the server and the backup/restore commands as plain JavaScript in
// dist/, so a production install (`npm ci --omit=dev`) runs them without a TypeScript compiler
// (decision 050). One bundle per command with our own code (the contract package included);
// installed packages stay imports, since some (PGlite, sharp, argon2) load files next to themselves.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// Another folder for a test run's own bundle (src/test/server-bundle-setup.ts); it too must sit
// directly in apps/api, at the depth of src/api-dir.ts.
const dist = process.argv[2] ? resolve(process.argv[2]) : join(apiDir, 'dist');
if (dirname(dist) !== resolve(apiDir)) throw new Error(`${dist} is not a folder directly in ${apiDir}`);

/** Bare imports stay imports, except our workspace packages (TypeScript source): those are bundled. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pasal/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  // Every bundle sits directly in dist/, at the depth of src/api-dir.ts, so paths from it hold.
  entryPoints: {
    server: 'src/server.ts',
    'backup-cli': 'src/ops/backup-cli.ts',
    'restore-cli': 'src/ops/restore-cli.ts',
    // The embedded database's thread (decision 075), started by the server beside this bundle.
    'pglite-worker': 'src/db/pglite-worker.ts',
    // The first start's demo pictures, drawn by a process of their own (decision 076).
    'render-artwork-cli': 'src/seed/render-artwork-cli.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Stack traces and log lines keep our function and class names.
  keepNames: true,
  plugins: [installedPackagesExternal],
  logLevel: 'warning',
});
// Read at run time next to the module that reads it (seed/locations.ts), which is now the bundle.
await mkdir(dist, { recursive: true });
await copyFile(join(apiDir, 'src/seed/nepal-locations.json'), join(dist, 'nepal-locations.json'));
console.info(`Built the server into apps/api/${relative(apiDir, dist)}`);
