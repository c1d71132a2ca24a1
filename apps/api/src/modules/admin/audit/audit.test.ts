import type { AuditPage } from '@pasal/contract/admin-audit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCategory } from '../../../test/factories';
import { admin, newStaff, type StaffMember } from '../../../test/staff';

let t: TestApp;
let asha: StaffMember;
let bikash: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  asha = await newStaff(t.app, t.db);
  bikash = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

async function audit(query: string): Promise<AuditPage> {
  const answer = await admin(t.app, 'GET', `/audit/?${query}`, { as: asha });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AuditPage>();
}

describe('the audit log', () => {
  test('lists every change newest first, paged, and filters by entity, id, staff and action', async () => {
    const category = await createCategory(t.db);
    const product = (
      await admin(t.app, 'POST', '/products/', {
        as: asha,
        payload: { title: 'Audit Rice', category: category.id, marked_price: 100, selling_price: 90 },
      })
    ).json().product;
    await admin(t.app, 'PATCH', `/products/${product.id}/`, {
      as: bikash,
      payload: { version: 1, selling_price: 80 },
    });
    await admin(t.app, 'POST', `/products/${product.id}/stock-adjustments/`, {
      as: bikash,
      payload: { delta: 5, reason: 'Delivery' },
    });
    const voucher = (
      await admin(t.app, 'POST', '/vouchers/', {
        as: asha,
        payload: { code: 'AUDIT', voucher_type: 'Amount', discount_amount: 5 },
      })
    ).json().voucher;

    const all = await audit('');
    expect(all.count).toBe(4);
    expect(all.results.map((e) => [e.entity, e.action])).toEqual([
      ['voucher', 'create'],
      ['product', 'stock_adjust'],
      ['product', 'update'],
      ['product', 'create'],
    ]);
    expect(all.results[0]).toMatchObject({
      entity_id: voucher.id,
      staff: { id: asha.id, name: 'Staff Member' },
      before: null,
      after: { code: 'AUDIT' },
      note: null,
    });
    expect(all.results[0].at).toMatch(/\+05:45$/);
    expect((await audit(`staff=${bikash.id}`)).results.map((e) => e.action)).toEqual([
      'stock_adjust',
      'update',
    ]);
    expect((await audit(`entity=product&entity_id=${product.id}&action=update`)).results).toHaveLength(1);
    const oldest = await audit('order=asc&page_size=1&page=2');
    expect(oldest).toMatchObject({ count: 4, page: 2, page_size: 1 });
    expect(oldest.results.map((e) => e.action)).toEqual(['update']);
    for (const bad of ['entity=basket', 'action=drop', 'entity_id=x', 'staff=0']) {
      expect((await admin(t.app, 'GET', `/audit/?${bad}`, { as: asha })).statusCode, bad).toBe(400);
    }
  });
});
