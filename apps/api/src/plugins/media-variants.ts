import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MEDIA_WIDTHS } from '@pasal/contract/picture-widths';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { narrowerWebp } from '../lib/images';

// The widths a stored picture is served at besides its own (`/media/w/<width>/<folder>/<name>`) are
// a bounded set, MEDIA_WIDTHS, so nobody can make the server draw and keep a file per pixel; the
// storefront's `srcset`s list the same (both read them from the contract).

const YEAR_SECONDS = 31_536_000;
// Catalogue pictures only: avatars are a customer's, and a removed one must not live on here.
const VARIANT_PATH = /^(products|categories|banners)\/[\w-]+\.webp$/;

/**
 * Narrower copies of the catalogue's pictures, drawn on first request and kept on disk beside the
 * media folder (not in it: backups copy the media folder). A picture never changes under its name
 * (a new upload gets a new one), so a copy is as immutable as its original; it is served only while
 * the original exists.
 */
export async function registerMediaVariants(app: FastifyInstance, config: AppConfig): Promise<void> {
  const cacheDir = join(dirname(config.mediaDir), 'media-variants');
  const drawing = new Map<string, Promise<Buffer>>();

  const variant = async (width: number, file: string): Promise<Buffer | null> => {
    const original = join(config.mediaDir, file);
    const exists = await stat(original).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!exists) return null;
    const cached = join(cacheDir, String(width), file);
    const kept = await readFile(cached).catch(() => null);
    if (kept) return kept;
    const key = `${width}/${file}`;
    let pending = drawing.get(key);
    if (!pending) {
      pending = (async () => {
        const bytes = await narrowerWebp(await readFile(original), width);
        await mkdir(dirname(cached), { recursive: true });
        // Written under a temporary name and renamed: a reader never sees half a file.
        const temporary = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        try {
          await writeFile(temporary, bytes);
          await rename(temporary, cached);
        } catch {
          await rm(temporary, { force: true });
        }
        return bytes;
      })().finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  };

  app.get<{ Params: { width: string; folder: string; name: string } }>(
    '/media/w/:width/:folder/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { width, folder, name } = request.params;
      const file = `${folder}/${name}`;
      const pixels = Number(width);
      const known = (MEDIA_WIDTHS as readonly number[]).includes(pixels) && String(pixels) === width;
      const bytes = known && VARIANT_PATH.test(file) ? await variant(pixels, file) : null;
      if (!bytes) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ message: `Not found: GET ${request.url.split('?')[0]}`, detail: 'Not found.' });
      }
      return reply
        .type('image/webp')
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .send(bytes);
    },
  );
}
