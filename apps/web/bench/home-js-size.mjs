// Gzipped size of the JavaScript the home page loads: the entry chunks (the app and the
// early-requests script, both named in index.html), their static imports, and the home route's
// lazy chunk, when it has one, with its static imports (read from the production build's manifest).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const next of chunk.imports ?? []) visit(next);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
// The home page may be its own lazy chunk or part of the entry.
const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/catalogue/home-page.tsx'));
if (homeKey) visit(homeKey);

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.info(`${file.padEnd(44)} ${(size / 1024).toFixed(1).padStart(6)} kB`);
}
console.info(`home page JavaScript, gzipped: ${(total / 1024).toFixed(1)} kB in ${files.size} files`);
