import type { Language } from '@pasal/contract/language';
import { GENDERS, type ProfileData } from '@pasal/contract/profile';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { NotFoundError } from '../../lib/errors';

type UserRow = typeof users.$inferSelect;

function genderOf(value: string | null): ProfileData['profile']['gender'] {
  return GENDERS.find((gender) => gender === value) ?? null;
}

export function toProfileData(user: UserRow): ProfileData {
  return {
    user: {
      first_name: user.firstName,
      middle_name: user.middleName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      email_verified: user.emailVerifiedAt !== null,
      is_staff: user.isStaff,
      is_rider: user.isRider,
      language: user.language,
      order_updates: user.orderUpdates,
    },
    profile: { image: user.image, date_of_birth: user.dateOfBirth, gender: genderOf(user.gender) },
  };
}

/** The caller's own profile (the id comes from the access token, never from the request). */
export async function getProfile(db: DbOrTx, userId: number): Promise<ProfileData> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFoundError('Profile not found.');
  return toProfileData(user);
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  middleName: string;
  gender: string | null;
  dateOfBirth: string | null;
}

/** A full replace (PUT): an omitted middle name, gender or date of birth is cleared. */
export async function updateProfile(db: DbOrTx, userId: number, update: ProfileUpdate): Promise<ProfileData> {
  const [user] = await db
    .update(users)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new NotFoundError('Profile not found.');
  return toProfileData(user);
}

/** The language of the caller's own messages (the id comes from the access token). */
export async function updateLanguage(db: DbOrTx, userId: number, language: Language): Promise<ProfileData> {
  const [user] = await db
    .update(users)
    .set({ language, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new NotFoundError('Profile not found.');
  return toProfileData(user);
}

/** Whether the caller gets a message at each delivery step (the receipt, cancellation and refund always go). */
export async function updateOrderUpdates(
  db: DbOrTx,
  userId: number,
  orderUpdates: boolean,
): Promise<ProfileData> {
  const [user] = await db
    .update(users)
    .set({ orderUpdates, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new NotFoundError('Profile not found.');
  return toProfileData(user);
}
