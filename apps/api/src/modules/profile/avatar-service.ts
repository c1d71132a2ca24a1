import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { FieldError, NotFoundError } from '../../lib/errors';

export const AVATAR_SIZE = 256;
export const NOT_AN_IMAGE = 'Please select an image file';
const AVATAR_PATH = /^\/media\/avatars\/([\w-]+\.webp)$/;

/** The image's real type from its bytes: JPEG, PNG, WebP, GIF or AVIF, else a 400. */
async function checkImage(bytes: Buffer): Promise<void> {
  let format: string | undefined;
  let compression: string | undefined;
  try {
    ({ format, compression } = await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata());
  } catch {
    throw new FieldError('image', NOT_AN_IMAGE);
  }
  const avif = format === 'heif' && compression === 'av1';
  if (!avif && !['jpeg', 'png', 'webp', 'gif'].includes(format ?? ''))
    throw new FieldError('image', NOT_AN_IMAGE);
}

async function toSquareWebp(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new FieldError('image', NOT_AN_IMAGE);
  }
}

/** Stores a 256×256 WebP avatar for the user, points the profile at it and removes the old file. */
export async function replaceAvatar(
  db: Db,
  mediaDir: string,
  userId: number,
  bytes: Buffer,
): Promise<string> {
  await checkImage(bytes);
  const webp = await toSquareWebp(bytes);
  const dir = join(mediaDir, 'avatars');
  const name = `${userId}-${randomBytes(8).toString('hex')}.webp`;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), webp);
  const image = `/media/avatars/${name}`;
  let previous: string | null;
  try {
    // Read the image being replaced and replace it under one row lock, so concurrent uploads each
    // remove exactly the file they replaced and no file is left behind.
    previous = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!current) throw new NotFoundError('Profile not found.');
      await tx.update(users).set({ image, updatedAt: new Date() }).where(eq(users.id, userId));
      return current.image;
    });
  } catch (error) {
    await rm(join(dir, name), { force: true });
    throw error;
  }
  const old = previous ? AVATAR_PATH.exec(previous) : null;
  if (old) await rm(join(dir, old[1]), { force: true });
  return image;
}
