import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { voucherUses } from '../../db/schema/orders';
import { createUser, createVoucher, createVoucherUse } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { basisPoints, evaluateVoucher } from './voucher-service';

// What checkout (the next issue) relies on: evaluate with lock: true inside its transaction, then
// record the use before committing. These run the same steps checkout will, without its HTTP route.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** One checkout's voucher step: evaluate under the row lock, count a use when it passes. */
async function checkoutWithVoucher(code: string, userId: number): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const result = await evaluateVoucher(tx, { code, userId, basePaisa: 100_000, lock: true });
    if (!result.ok) return false;
    await createVoucherUse(tx, result.voucher.id, userId);
    return true;
  });
}

describe('evaluateVoucher under the lock', () => {
  test('parallel checkouts never use a voucher beyond its global limit', async () => {
    const voucher = await createVoucher(database.db, { code: 'RACE2', usageLimit: 2 });
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(database.db)));
    const outcomes = await Promise.all(users.map((u) => checkoutWithVoucher('race2', u.id)));
    expect(outcomes.filter(Boolean)).toHaveLength(2);
    const uses = await database.db.select().from(voucherUses).where(eq(voucherUses.voucherId, voucher.id));
    expect(uses).toHaveLength(2);
  });

  test('parallel checkouts by one customer never pass the per-customer limit', async () => {
    const voucher = await createVoucher(database.db, { code: 'RACEONE', perUserLimit: 1 });
    const user = await createUser(database.db);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => checkoutWithVoucher('RACEONE', user.id)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const uses = await database.db.select().from(voucherUses).where(eq(voucherUses.voucherId, voucher.id));
    expect(uses).toHaveLength(1);
  });

  test('the time is the caller’s: valid_from inclusive, valid_to exclusive', async () => {
    const from = new Date('2030-01-01T00:00:00Z');
    const to = new Date('2030-02-01T00:00:00Z');
    await createVoucher(database.db, { code: 'WINDOW', validFrom: from, validTo: to });
    const at = async (now: Date) =>
      evaluateVoucher(database.db, { code: 'WINDOW', userId: 1, basePaisa: 10_000, now });
    expect(await at(new Date(from.getTime() - 1))).toMatchObject({ ok: false, reason: 'not_started' });
    expect(await at(from)).toMatchObject({ ok: true, discountPaisa: 1_000 });
    expect(await at(new Date(to.getTime() - 1))).toMatchObject({ ok: true });
    expect(await at(to)).toMatchObject({ ok: false, reason: 'expired' });
  });
});

test('percentages are read exactly from the numeric column', () => {
  expect(basisPoints('10.00')).toBe(1000);
  expect(basisPoints('12.5')).toBe(1250);
  expect(basisPoints('0.01')).toBe(1);
  expect(basisPoints('100')).toBe(10000);
  expect(() => basisPoints('-5')).toThrow();
});
