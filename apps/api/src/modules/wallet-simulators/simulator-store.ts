import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { walletSimulations } from '../../db/schema/orders';

export type Simulation = typeof walletSimulations.$inferSelect;
export type SimWallet = Simulation['wallet'];

export async function findSimulation(db: DbOrTx, wallet: SimWallet, token: string) {
  const [row] = await db
    .select()
    .from(walletSimulations)
    .where(and(eq(walletSimulations.wallet, wallet), eq(walletSimulations.token, token)));
  return row;
}

/** Moves a simulation from one of `from` to `to`, atomically; undefined when it was not in `from`. */
export async function moveSimulation(
  db: DbOrTx,
  id: number,
  from: string[],
  to: { status: string; transactionCode?: string },
) {
  const [row] = await db
    .update(walletSimulations)
    .set({ status: to.status, transactionCode: to.transactionCode, updatedAt: new Date() })
    .where(and(eq(walletSimulations.id, id), sql`${walletSimulations.status} in ${from}`))
    .returning();
  return row;
}

export async function countStatusCheck(db: DbOrTx, id: number) {
  await db
    .update(walletSimulations)
    .set({ statusChecks: sql`${walletSimulations.statusChecks} + 1` })
    .where(eq(walletSimulations.id, id));
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function randomCode(length: number, alphabet = ALPHANUMERIC): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Rs with grouping commas, for the pages. */
export function rupeesLabel(paisa: number): string {
  const rupees = Math.trunc(paisa / 100).toLocaleString('en-US');
  return `Rs ${rupees}.${String(paisa % 100).padStart(2, '0')}`;
}

/** Appends query parameters to a URL the merchant gave. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
