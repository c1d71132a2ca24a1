import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/**
 * Each script, stylesheet and page of the build also as `.br` (Brotli's best, quality 11) and `.gz`
 * (gzip -9), which the server sends as they are (apps/api/src/plugins/static-files.ts). The server
 * compresses other answers as it sends them, at a level fast enough for that (Brotli 4): about as
 * small as gzip, where the build's quality 11 makes the first load's scripts a sixth smaller, and
 * on a slow phone network those bytes come before the first picture.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pasal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
