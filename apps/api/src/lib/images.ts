import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metadata, Sharp } from 'sharp';
import { FieldError } from './errors';

// Uploaded pictures (avatars, product, category and banner images): checked from their bytes,
// never from a name or a content type, and stored as WebP in the media folder.

export const NOT_AN_IMAGE = 'Please select an image file';
/** Larger images are refused before any pixel is decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = `The image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`;

/** How each kind of picture is stored; the demo seed draws its artwork at the same sizes. */
export const IMAGE_SIZES = {
  avatar: { width: 256, height: 256, fit: 'cover' },
  product: { width: 800, height: 800, fit: 'contain' },
  productThumb: { width: 300, height: 300, fit: 'contain' },
  category: { width: 300, height: 300, fit: 'cover' },
  banner: { width: 1600, height: 500, fit: 'cover' },
} as const satisfies Record<string, WebpSize>;

export interface WebpSize {
  width: number;
  height: number;
  /** cover: fill the frame, cropping around what draws attention; contain: whole picture on white. */
  fit: 'cover' | 'contain';
}

export const WEBP_QUALITY = 80;

const ACCEPTED = ['jpeg', 'png', 'webp', 'gif'];

/**
 * sharp (libvips) is loaded on the first picture, not at start: it adds about 30 MB to the
 * server's memory, and most servers never handle a picture (they are made at upload time).
 */
async function sharpOf(bytes: Buffer): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
}

function refusal(field: string, error: unknown): FieldError {
  const pixelLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new FieldError(field, pixelLimit ? TOO_MANY_PIXELS : NOT_AN_IMAGE);
}

/**
 * The picture's real type from its bytes: JPEG, PNG, WebP, GIF or AVIF; anything else (SVG, text,
 * a truncated file, a header claiming more than MAX_IMAGE_PIXELS) is a 400 on `field`.
 */
export async function checkImage(bytes: Buffer, field = 'image'): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await (await sharpOf(bytes)).metadata();
  } catch (error) {
    throw refusal(field, error);
  }
  const { format, compression, width, height } = metadata;
  const avif = format === 'heif' && compression === 'av1';
  if (!avif && !ACCEPTED.includes(format ?? '')) throw new FieldError(field, NOT_AN_IMAGE);
  if (!width || !height) throw new FieldError(field, NOT_AN_IMAGE);
  if (width * height > MAX_IMAGE_PIXELS) throw new FieldError(field, TOO_MANY_PIXELS);
}

/** The picture turned upright and resized to `size` as WebP (a 400 on `field` when it cannot be read). */
export async function toWebp(bytes: Buffer, size: WebpSize, field = 'image'): Promise<Buffer> {
  try {
    return await (await sharpOf(bytes))
      .rotate()
      .resize(size.width, size.height, {
        fit: size.fit,
        position: size.fit === 'cover' ? 'attention' : 'centre',
        background: '#ffffff',
      })
      .flatten({ background: '#ffffff' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw refusal(field, error);
  }
}

/**
 * A stored WebP made `width` pixels wide (never wider than it is), for pictures shown smaller than
 * they are stored (the storefront's `srcset`).
 */
export async function narrowerWebp(bytes: Buffer, width: number): Promise<Buffer> {
  return (await sharpOf(bytes))
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** `/media/<folder>/<name>.webp` for a stored file. */
export function mediaPath(file: string): string {
  return `/media/${file}`;
}

const OWN_MEDIA = /^\/media\/((?:products|categories|banners|avatars)\/[\w-]+\.webp)$/;

/**
 * Checks an upload and stores it in `folder` as one WebP per size (`{prefix}-{random}{suffix}.webp`);
 * answers the media paths in the order of `sizes`. Files are written under a temporary name and
 * renamed, so a failure leaves nothing behind.
 */
export async function storeWebpImages(
  mediaDir: string,
  folder: string,
  prefix: string,
  bytes: Buffer,
  sizes: { size: WebpSize; suffix: string }[],
  field = 'image',
): Promise<string[]> {
  await checkImage(bytes, field);
  const encoded = await Promise.all(sizes.map(({ size }) => toWebp(bytes, size, field)));
  const dir = join(mediaDir, folder);
  await mkdir(dir, { recursive: true });
  const stem = `${prefix}-${randomBytes(8).toString('hex')}`;
  const files = sizes.map(({ suffix }) => `${stem}${suffix}.webp`);
  const written: string[] = [];
  try {
    for (const [index, name] of files.entries()) {
      const temporary = join(dir, `${name}.${process.pid}.tmp`);
      await writeFile(temporary, encoded[index]);
      await rename(temporary, join(dir, name));
      written.push(name);
    }
  } catch (error) {
    await Promise.all(
      files.flatMap((name) => [
        rm(join(dir, name), { force: true }),
        rm(join(dir, `${name}.${process.pid}.tmp`), { force: true }),
      ]),
    );
    throw error;
  }
  return files.map((name) => mediaPath(`${folder}/${name}`));
}

/** Removes stored media files by their `/media/…` paths; anything else (or a missing file) is left alone. */
export async function removeMedia(mediaDir: string, paths: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    paths.map(async (path) => {
      const own = path ? OWN_MEDIA.exec(path) : null;
      if (own) await rm(join(mediaDir, own[1]), { force: true });
    }),
  );
}
