import { STALE_EDIT } from '@pasal/contract/admin-common';
import { type AdminVoucher, VOUCHER_CODE_TAKEN, VOUCHER_IN_USE } from '@pasal/contract/admin-vouchers';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { vouchers } from '../../../db/schema/shopping';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addCartLine, createProduct, createUser, createVoucherUse } from '../../../test/factories';
import { call, newShopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';

let t: TestApp;
let staff: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

async function create(payload: Record<string, unknown>): Promise<AdminVoucher> {
  const answer = await admin(t.app, 'POST', '/vouchers/', { as: staff, payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().voucher;
}

describe('vouchers', () => {
  test('a voucher staff create works for customers at once, with every rule of the cart', async () => {
    const voucher = await create({
      code: 'Dashain15',
      voucher_type: 'Percentage',
      discount_percentage: 15,
      minimum_order_value: 500,
      maximum_discount: 100,
      per_customer_limit: 1,
      valid_from: '2020-01-01T00:00',
    });
    expect(voucher).toMatchObject({
      code: 'Dashain15',
      discount_percentage: 15,
      discount_amount: 0,
      maximum_discount: 100,
      usage_limit: null,
      per_customer_limit: 1,
      valid_from: '2020-01-01T00:00:00+05:45',
      valid_to: null,
      is_active: true,
      uses_so_far: 0,
      state: 'live',
      version: 1,
    });
    const shopper = await newShopper(t.app, t.db);
    const product = await createProduct(t.db, { markedPrice: 100_000, sellingPrice: 80_000 });
    await addCartLine(t.db, shopper.id, product.id, 1);
    const applied = await call(t.app, 'POST', '/voucher/apply/', {
      as: shopper,
      payload: { code: 'dashain15' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ discount_amount: 100, cart_total: 800, final_amount: 700 });

    const off = await admin(t.app, 'PATCH', `/vouchers/${voucher.id}/`, {
      as: staff,
      payload: { version: 1, is_active: false },
    });
    expect(off.json().voucher).toMatchObject({ state: 'inactive', version: 2 });
    const refused = await call(t.app, 'POST', '/voucher/apply/', {
      as: shopper,
      payload: { code: 'DASHAIN15' },
    });
    expect(refused.json().reason).toBe('inactive');
    const [entry] = (
      await admin(t.app, 'GET', `/audit/?entity=voucher&entity_id=${voucher.id}`, { as: staff })
    ).json().results;
    expect(entry).toMatchObject({
      action: 'update',
      before: { is_active: true, version: 1 },
      after: { is_active: false, version: 2 },
    });
  });

  test('uses so far count the uses of orders not cancelled; a used-up voucher says so', async () => {
    const voucher = await create({
      code: 'FLAT100',
      voucher_type: 'Amount',
      discount_amount: 100,
      usage_limit: 2,
    });
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await createVoucherUse(t.db, voucher.id, a.id);
    await createVoucherUse(t.db, voucher.id, b.id, { released: true });
    const one = (await admin(t.app, 'GET', `/vouchers/${voucher.id}/`, { as: staff })).json().voucher;
    expect(one).toMatchObject({ uses_so_far: 1, state: 'live' });
    await createVoucherUse(t.db, voucher.id, b.id);
    const listed = (await admin(t.app, 'GET', '/vouchers/?q=flat1&sort=uses_so_far', { as: staff })).json();
    expect(listed.results.map((v: AdminVoucher) => [v.code, v.uses_so_far, v.state])).toEqual([
      ['FLAT100', 2, 'used_up'],
    ]);
    expect((await admin(t.app, 'GET', '/vouchers/?state=used_up', { as: staff })).json().count).toBe(1);
    const deleted = await admin(t.app, 'DELETE', `/vouchers/${voucher.id}/?version=1`, { as: staff });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(VOUCHER_IN_USE);
  });

  test('rules are checked on the voucher as a whole; refused vouchers change nothing', async () => {
    await create({ code: 'TAKEN', voucher_type: 'Amount', discount_amount: 10 });
    const [before] = await t.db.select({ n: count() }).from(vouchers);
    const [audits] = await t.db.select({ n: count() }).from(auditLog);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'taken', voucher_type: 'Amount', discount_amount: 10 }, VOUCHER_CODE_TAKEN],
      [
        { code: 'P101', voucher_type: 'Percentage', discount_percentage: 101 },
        'Percentage must be between 0 and 100',
      ],
      [{ code: 'P0', voucher_type: 'Percentage' }, 'A Percentage voucher needs a percentage above 0'],
      [{ code: 'P3D', voucher_type: 'Percentage', discount_percentage: 10.125 }, 'at most 2 decimals'],
      [
        { code: 'A0', voucher_type: 'Amount', discount_amount: 0 },
        'An Amount voucher needs a discount amount above 0',
      ],
      [
        { code: 'AMAX', voucher_type: 'Amount', discount_amount: 5, maximum_discount: 5 },
        'Only a Percentage voucher has a maximum discount',
      ],
      [
        { code: 'MIX', voucher_type: 'Percentage', discount_percentage: 5, discount_amount: 5 },
        'A Percentage voucher has no fixed amount',
      ],
      [
        { code: 'NEG', voucher_type: 'Amount', discount_amount: 5, minimum_order_value: -1 },
        'cannot be negative',
      ],
      [
        {
          code: 'WIN',
          voucher_type: 'Amount',
          discount_amount: 5,
          valid_from: '2030-01-02T00:00',
          valid_to: '2030-01-01T00:00',
        },
        'Valid to must be after valid from',
      ],
      [
        { code: 'LIM', voucher_type: 'Amount', discount_amount: 5, usage_limit: 0 },
        'Usage limit must be at least 1',
      ],
      [{ code: 'has space', voucher_type: 'Amount', discount_amount: 5 }, 'A code has only letters'],
      [
        { code: 'TYPE', voucher_type: 'Fixed', discount_amount: 5 },
        'voucher_type must be Percentage or Amount',
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await admin(t.app, 'POST', '/vouchers/', { as: staff, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message, JSON.stringify(payload)).toContain(message);
    }
    const percent = await create({ code: 'TEN', voucher_type: 'Percentage', discount_percentage: 10 });
    const toAmount = await admin(t.app, 'PATCH', `/vouchers/${percent.id}/`, {
      as: staff,
      payload: { version: 1, voucher_type: 'Amount' },
    });
    expect(toAmount.statusCode).toBe(400);
    expect(Object.keys(toAmount.json().error).sort()).toEqual(['discount_amount', 'discount_percentage']);
    const rename = await admin(t.app, 'PATCH', `/vouchers/${percent.id}/`, {
      as: staff,
      payload: { version: 1, code: 'Taken' },
    });
    expect(rename.json().message).toBe(VOUCHER_CODE_TAKEN);
    expect((await t.db.select({ n: count() }).from(vouchers))[0].n).toBe(Number(before.n) + 1);
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(Number(audits.n) + 1);
  });

  test('a stale edit is a 409 with the current voucher; an unused voucher can be deleted', async () => {
    const voucher = await create({ code: 'TIHAR', voucher_type: 'Amount', discount_amount: 50 });
    const first = await admin(t.app, 'PATCH', `/vouchers/${voucher.id}/`, {
      as: staff,
      payload: { version: 1, discount_amount: 75 },
    });
    expect(first.statusCode).toBe(200);
    const second = await admin(t.app, 'PATCH', `/vouchers/${voucher.id}/`, {
      as: staff,
      payload: { version: 1, discount_amount: 60 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: STALE_EDIT,
      current: { discount_amount: 75, version: 2 },
    });
    const deleted = await admin(t.app, 'DELETE', `/vouchers/${voucher.id}/?version=2`, { as: staff });
    expect(deleted.statusCode).toBe(200);
    const entries = (
      await admin(t.app, 'GET', `/audit/?entity=voucher&entity_id=${voucher.id}`, { as: staff })
    ).json().results;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[0]).toMatchObject({ before: { code: 'TIHAR', discount_amount: 75 }, after: null });
  });

  test('a code staff list shows in every customer’s cart list; unlisted it is hidden again', async () => {
    const voucher = await create({ code: 'CARTLIST', voucher_type: 'Amount', discount_amount: 20 });
    expect(voucher.is_listed).toBe(false);
    const shopper = await newShopper(t.app, t.db);
    const product = await createProduct(t.db, { markedPrice: 50_000, sellingPrice: 50_000 });
    await addCartLine(t.db, shopper.id, product.id, 1);
    const listedCodes = async () =>
      (await call(t.app, 'GET', '/voucher/available/', { as: shopper }))
        .json()
        .results.map((r: { voucher: { code: string } }) => r.voucher.code);
    expect(await listedCodes()).not.toContain('CARTLIST');

    const on = await admin(t.app, 'PATCH', `/vouchers/${voucher.id}/`, {
      as: staff,
      payload: { version: 1, is_listed: true },
    });
    expect(on.json().voucher).toMatchObject({ is_listed: true, version: 2 });
    expect(await listedCodes()).toContain('CARTLIST');

    await admin(t.app, 'PATCH', `/vouchers/${voucher.id}/`, {
      as: staff,
      payload: { version: 2, is_listed: false },
    });
    expect(await listedCodes()).not.toContain('CARTLIST');
  });
});
