import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { WEBP_QUALITY } from '../lib/images';

export interface ArtworkJob {
  /** Path below the media folder, e.g. `products/wai-wai-chicken-75g.webp`. */
  file: string;
  /** Built only when the file is missing, so a warm cache costs almost nothing. */
  svg: () => string;
}

export interface RenderStats {
  rendered: number;
  skipped: number;
  ms: number;
}

// Effort 2 of 6 renders about twice as fast as the default for flat artwork at a similar size.
const WEBP_EFFORT = 2;

/** Renders the missing files with a few workers; existing files are kept as they are (idempotent). */
export async function renderArtwork(
  mediaDir: string,
  jobs: ArtworkJob[],
  concurrency = 4,
): Promise<RenderStats> {
  const started = performance.now();
  const missing = jobs.filter((job) => !existsSync(join(mediaDir, job.file)));
  const folders = new Set(missing.map((job) => dirname(join(mediaDir, job.file))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  // Loaded only when a picture is missing: sharp adds about 30 MB to the process (see lib/images.ts).
  const { default: sharp } = missing.length > 0 ? await import('sharp') : { default: undefined };
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const job = missing[next++];
      const target = join(mediaDir, job.file);
      // Write to a temporary name first: an interrupted run never leaves a half-written file behind.
      const temporary = `${target}.${process.pid}.tmp`;
      try {
        await sharp!(Buffer.from(job.svg()))
          .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
          .toFile(temporary);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw new Error(`Could not render ${job.file}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return {
    rendered: missing.length,
    skipped: jobs.length - missing.length,
    ms: Math.round(performance.now() - started),
  };
}
