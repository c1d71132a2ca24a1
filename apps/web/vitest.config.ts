import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Test files under src, relative to this folder. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(here, path)] : [];
  });
}

// A file that replaces a module (vi.mock) needs a module graph of its own; the others share their
// worker's, so React, the router and the store are imported once per worker rather than once per
// file (about two thirds of the suite's time).
const mocking = testFiles(join(here, 'src')).filter((file) =>
  /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(here, file), 'utf8')),
);

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // One worker per core: vitest's default leaves one core out, a single worker on CI's two.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'mocking', include: mocking, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false },
      },
    ],
  },
});
