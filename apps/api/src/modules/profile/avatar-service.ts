import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { FieldError, NotFoundError } from '../../lib/errors';
import { checkImage, IMAGE_SIZES, removeMedia, storeWebpImages } from '../../lib/images';
import { enforceLimit, releaseHit } from '../../lib/rate-limit';

/**
 * A picture is decoded whole to be resized (up to 40 megapixels, 160 MB of memory): a customer's
 * uploads are limited, so a script cannot keep the server decoding. A file whose header is no
 * picture is refused before anything is counted; one that is decoded counts (first, so uploads
 * sent at once cannot slip past), whether it then turns out whole or broken. Only a failure of
 * the server's own gives the upload back.
 */
export const AVATAR_UPLOADS_HOURLY = 10;
export const TOO_MANY_UPLOADS = 'Too many picture uploads. Please try again later.';

/** Stores a 256×256 WebP avatar for the user, points the profile at it and removes the old file. */
export async function replaceAvatar(
  db: Db,
  mediaDir: string,
  userId: number,
  bytes: Buffer,
): Promise<string> {
  await checkImage(bytes);
  const key = `avatar:${userId}`;
  const counted = await enforceLimit(db, {
    key,
    limit: AVATAR_UPLOADS_HOURLY,
    windowSeconds: 3600,
    message: TOO_MANY_UPLOADS,
  });
  let image: string;
  try {
    [image] = await storeWebpImages(mediaDir, 'avatars', String(userId), bytes, [
      { size: IMAGE_SIZES.avatar, suffix: '' },
    ]);
  } catch (error) {
    if (!(error instanceof FieldError)) await releaseHit(db, key, counted.windowStart);
    throw error;
  }
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
    await removeMedia(mediaDir, [image]);
    throw error;
  }
  await removeMedia(mediaDir, [previous]);
  return image;
}
