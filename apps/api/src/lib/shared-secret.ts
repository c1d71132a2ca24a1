import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serverSecrets } from '../db/schema/platform';

/**
 * The secret named `name` that every instance on this database uses. The first instance to ask
 * stores its `candidate` (insert … on conflict do nothing: of instances starting together exactly
 * one wins); every other one, then and later, gets the stored value.
 */
export async function sharedSecret(db: DbOrTx, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row.value;
}
