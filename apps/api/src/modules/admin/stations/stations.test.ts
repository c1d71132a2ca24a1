import { STALE_EDIT } from '@pasal/contract/admin-common';
import type { AdminStation } from '@pasal/contract/admin-stations';
import { asc, count, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { deliveryStations, municipalities, stationCoverage } from '../../../db/schema/locations';
import { seedLocations } from '../../../seed/locations';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAddress, createProduct } from '../../../test/factories';
import { call, newShopper, type Shopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { unknownLocalLevels } from './station-service';

let t: TestApp;
let staff: StaffMember;
let shopper: Shopper;
let free: { id: number; name: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
  // Local levels no seeded station serves, so each test owns what it covers.
  free = await t.db
    .select({ id: municipalities.id, name: municipalities.name })
    .from(municipalities)
    .where(
      notInArray(
        municipalities.id,
        t.db.select({ id: stationCoverage.municipalityId }).from(stationCoverage),
      ),
    )
    .orderBy(asc(municipalities.id))
    .limit(12);
});
afterAll(async () => {
  await t.close();
});

async function create(payload: Record<string, unknown>): Promise<AdminStation> {
  const answer = await admin(t.app, 'POST', '/delivery-stations/', { as: staff, payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().station;
}

async function nearest(municipalityId: number): Promise<{ id: number; distance: number }[]> {
  const answer = await call(
    t.app,
    'GET',
    `/order/address/nearest-delivery-stations/?municipality_id=${municipalityId}`,
  );
  return answer.json().data.delivery_stations;
}

async function quote(addressId: number, productId: number) {
  const answer = await call(t.app, 'POST', '/order/calculate-delivery-charge/', {
    as: shopper,
    payload: { address_id: addressId, cart_items: [{ product_id: productId, quantity: 1 }] },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.delivery_info;
}

describe('delivery stations', () => {
  test('a new station serves its local levels with its own rule, and edits reach quotes at once', async () => {
    const [home, near, far] = free;
    const station = await create({
      name: 'Test Station',
      address: 'Main road',
      municipality: home.id,
      base_charge: 60,
      per_km_charge: 12.5,
      coverage: [
        { municipality: far.id, distance_km: 14.25 },
        { municipality: near.id, distance_km: 2 },
      ],
    });
    expect(station).toMatchObject({
      name: 'Test Station',
      address: 'Main road',
      location: { municipality_id: home.id, municipality: home.name },
      is_active: true,
      rule: { base_charge: 60, base_km: 3, per_km_charge: 12.5, free_from: 1500, same_day_km: 10 },
      version: 1,
    });
    expect(station.coverage.map((c) => [c.municipality_id, c.distance_km])).toEqual([
      [near.id, 2],
      [far.id, 14.25],
    ]);
    expect(await nearest(far.id)).toEqual([expect.objectContaining({ id: station.id, distance: 14.25 })]);

    const address = await createAddress(t.db, shopper.id, { municipalityId: far.id });
    const product = await createProduct(t.db, { markedPrice: 50_000, sellingPrice: 50_000 });
    // Rs 60 + 12 started km × Rs 12.50
    expect(await quote(address.id, product.id)).toEqual({
      delivery_charge: 210,
      delivery_time: 'Next day',
      distance: 14.25,
      free_delivery_from: 1500,
    });
    const edited = await admin(t.app, 'PATCH', `/delivery-stations/${station.id}/`, {
      as: staff,
      payload: { version: 1, per_km_charge: 10, same_day_km: 15, free_from: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().station.rule).toMatchObject({ per_km_charge: 10, same_day_km: 15, free_from: null });
    expect(await quote(address.id, product.id)).toEqual({
      delivery_charge: 180,
      delivery_time: 'Same day',
      distance: 14.25,
      // No free delivery from this station any more.
      free_delivery_from: null,
    });

    const stale = await admin(t.app, 'PATCH', `/delivery-stations/${station.id}/`, {
      as: staff,
      payload: { version: 1, name: 'Old' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: STALE_EDIT,
      current: { rule: { per_km_charge: 10 }, version: 2 },
    });

    const off = await admin(t.app, 'PATCH', `/delivery-stations/${station.id}/`, {
      as: staff,
      payload: { version: 2, is_active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await nearest(far.id)).toEqual([]);
    const [entry] = (
      await admin(t.app, 'GET', `/audit/?entity=delivery_station&entity_id=${station.id}`, { as: staff })
    ).json().results;
    expect(entry).toMatchObject({
      action: 'update',
      before: { is_active: true, version: 2 },
      after: { is_active: false, version: 3 },
    });
  });

  test('the set of local levels served is replaced as a whole, from the version read', async () => {
    const [home, a, b, c] = free.slice(4);
    const station = await create({
      name: 'Coverage Station',
      municipality: home.id,
      coverage: [{ municipality: a.id, distance_km: 1 }],
    });
    const replaced = await admin(t.app, 'PUT', `/delivery-stations/${station.id}/coverage/`, {
      as: staff,
      payload: {
        version: 1,
        coverage: [
          { municipality: b.id, distance_km: 3.5 },
          { municipality: c.id, distance_km: 0 },
        ],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(
      replaced.json().station.coverage.map((e: { municipality_id: number }) => e.municipality_id),
    ).toEqual([c.id, b.id]);
    expect(replaced.json().station.version).toBe(2);
    expect(await nearest(a.id)).toEqual([]);
    expect((await nearest(b.id)).map((s) => s.id)).toEqual([station.id]);
    const [entry] = (
      await admin(
        t.app,
        'GET',
        `/audit/?entity=delivery_station&entity_id=${station.id}&action=coverage_replace`,
        { as: staff },
      )
    ).json().results;
    expect(entry.before.coverage.map((e: { municipality_id: number }) => e.municipality_id)).toEqual([a.id]);
    expect(entry.after.coverage.map((e: { municipality_id: number }) => e.municipality_id)).toEqual([
      c.id,
      b.id,
    ]);

    const [audits] = await t.db.select({ n: count() }).from(auditLog);
    const refused: [unknown, number, string][] = [
      [{ version: 1, coverage: [] }, 409, STALE_EDIT],
      [
        { version: 2, coverage: [{ municipality: 999_999, distance_km: 1 }] },
        400,
        unknownLocalLevels([999_999]),
      ],
      [
        {
          version: 2,
          coverage: [
            { municipality: a.id, distance_km: 1 },
            { municipality: a.id, distance_km: 2 },
          ],
        },
        400,
        'listed more than once',
      ],
      [{ version: 2, coverage: [{ municipality: a.id, distance_km: 1.005 }] }, 400, 'at most 2 decimals'],
      [{ version: 2, coverage: [{ municipality: a.id, distance_km: -1 }] }, 400, 'cannot be negative'],
      [{ coverage: [] }, 400, 'version is required'],
    ];
    for (const [payload, status, message] of refused) {
      const answer = await admin(t.app, 'PUT', `/delivery-stations/${station.id}/coverage/`, {
        as: staff,
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().message).toContain(message);
    }
    expect((await nearest(b.id)).map((s) => s.id)).toEqual([station.id]);
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(audits.n);
  });

  test('malformed stations are refused and nothing is written', async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(deliveryStations);
    for (const payload of [
      { name: 'x', municipality: 999_999 },
      { name: '', municipality: free[0].id },
      { name: 'x', municipality: free[0].id, base_charge: -1 },
      { name: 'x', municipality: free[0].id, per_km_charge: 1.234 },
      { name: 'x', municipality: free[0].id, base_km: 1.5 },
      { name: 'x', municipality: free[0].id, coverage: [{ municipality: 999_999, distance_km: 1 }] },
    ]) {
      const answer = await admin(t.app, 'POST', '/delivery-stations/', { as: staff, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    expect((await t.db.select({ n: count() }).from(deliveryStations))[0].n).toBe(n);
    const list = (
      await admin(t.app, 'GET', '/delivery-stations/?q=coverage%20station', { as: staff })
    ).json();
    expect(
      list.results.map((s: { name: string; coverage_count: number }) => [s.name, s.coverage_count]),
    ).toEqual([['Coverage Station', 2]]);
  });
});
