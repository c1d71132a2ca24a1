import type { DeliveryStation, District, Municipality, Province } from '@pasal/contract/locations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliveryStations } from '../../db/schema/locations';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDeliveryStation } from '../../test/factories';
import { API } from '../auth/auth-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
});
afterAll(async () => {
  await t.close();
});

function get(path: string) {
  return t.app.inject({ method: 'GET', url: `${API}${path}` });
}

async function list<T>(path: string): Promise<T[]> {
  const res = await get(path);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json<{ data: { data: T[] } }>().data.data;
}

async function stations(query: string) {
  const res = await get(`/order/address/nearest-delivery-stations/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { delivery_stations: DeliveryStation[] } }>().data.delivery_stations;
}

const KATHMANDU_DISTRICT = 27;
const KATHMANDU_METRO = 307;
const MECHINAGAR = 27; // a Jhapa municipality no demo station serves

describe('location lists', () => {
  test('the 7 provinces in order, with Nepali names, cacheable by anyone', async () => {
    const res = await get('/order/address/address-form-data/provinces/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const provinces = res.json<{ data: { data: Province[] } }>().data.data;
    expect(provinces.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(provinces[2]).toEqual({ id: 3, name: 'Bagmati Province', name_ne: 'बाग्मती प्रदेश' });
  });

  test('every province lists its districts and every district its local levels: 77 and 753 in all', async () => {
    const provinces = await list<Province>('/order/address/address-form-data/provinces/');
    const allDistricts: District[] = [];
    for (const province of provinces) {
      const districts = await list<District>(`/order/address/provinces/${province.id}/districts/`);
      expect(districts.length).toBeGreaterThan(0);
      expect(districts.every((d) => d.province_id === province.id)).toBe(true);
      allDistricts.push(...districts);
    }
    expect(allDistricts).toHaveLength(77);
    let localLevels = 0;
    for (const district of allDistricts) {
      const found = await list<Municipality>(`/order/address/districts/${district.id}/municipalities/`);
      expect(found.every((m) => m.district_id === district.id)).toBe(true);
      localLevels += found.length;
    }
    expect(localLevels).toBe(753);
  });

  test('districts and local levels come sorted by name, with their kind and a cache header', async () => {
    const districts = await list<District>('/order/address/provinces/3/districts/');
    expect(districts).toHaveLength(13);
    const names = districts.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(districts).toContainEqual({ id: 27, name: 'Kathmandu', name_ne: 'काठमाडौँ', province_id: 3 });

    const res = await get(`/order/address/districts/${KATHMANDU_DISTRICT}/municipalities/`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const localLevels = res.json<{ data: { data: Municipality[] } }>().data.data;
    expect(localLevels).toHaveLength(11);
    expect(localLevels.find((m) => m.id === KATHMANDU_METRO)).toMatchObject({
      name: 'Kathmandu',
      type: 'metropolitan_city',
      district_id: KATHMANDU_DISTRICT,
    });
  });

  test('an unknown province or district is a 404, never an empty list, and is not cached', async () => {
    const province = await get('/order/address/provinces/8/districts/');
    expect(province.statusCode).toBe(404);
    expect(province.json()).toMatchObject({ message: 'Province not found.' });
    expect(province.headers['cache-control'] ?? '').not.toContain('public');
    const district = await get('/order/address/districts/78/municipalities/');
    expect(district.statusCode).toBe(404);
    expect(district.json()).toMatchObject({ message: 'District not found.' });
  });

  test('malformed ids are a 400 with a message', async () => {
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const districts = await get(`/order/address/provinces/${bad}/districts/`);
      expect(districts.statusCode, bad).toBe(400);
      expect(districts.json().message).toMatch(/provinceId/);
      const localLevels = await get(`/order/address/districts/${bad}/municipalities/`);
      expect(localLevels.statusCode, bad).toBe(400);
    }
  });
});

describe('nearest delivery stations', () => {
  test('the active stations serving a local level, nearest first, with their distance', async () => {
    const res = await get(
      `/order/address/nearest-delivery-stations/?municipality_id=${KATHMANDU_METRO}&district_id=${KATHMANDU_DISTRICT}&province_id=3`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const found = res.json<{ data: { delivery_stations: DeliveryStation[] } }>().data.delivery_stations;
    // Seven demo stations serve Kathmandu Metropolitan City (3 to 8 km away).
    expect(found).toHaveLength(7);
    const distances = found.map((s) => s.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBe(3);
    expect(found.at(-1)).toMatchObject({ name: 'Budhanilkantha Station', distance: 8 });
    expect(found[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      address: expect.any(String),
      distance: 3,
    });
  });

  test('fractional distances come as km with their decimals, and inactive stations are left out', async () => {
    const near = await createDeliveryStation(t.db, [{ municipalityId: MECHINAGAR, distanceKm: '2.35' }]);
    const off = await createDeliveryStation(t.db, [{ municipalityId: MECHINAGAR, distanceKm: '1.00' }], {
      isActive: false,
    });
    const far = await createDeliveryStation(t.db, [{ municipalityId: MECHINAGAR, distanceKm: '12.50' }]);
    const found = await stations(`municipality_id=${MECHINAGAR}`);
    expect(found.map((s) => [s.id, s.distance])).toEqual([
      [near.id, 2.35],
      [far.id, 12.5],
    ]);
    expect(found.map((s) => s.id)).not.toContain(off.id);
    await t.db.update(deliveryStations).set({ isActive: false }).where(eq(deliveryStations.id, near.id));
    expect((await stations(`municipality_id=${MECHINAGAR}`)).map((s) => s.id)).toEqual([far.id]);
  });

  test('a local level nobody serves has an empty list', async () => {
    // Dharan (Sunsari) has no demo station.
    const sunsari = await list<District>('/order/address/provinces/1/districts/');
    const district = sunsari.find((d) => d.name === 'Sunsari');
    const levels = await list<Municipality>(`/order/address/districts/${district?.id}/municipalities/`);
    const dharan = levels.find((m) => m.name === 'Dharan');
    expect(await stations(`municipality_id=${dharan?.id}`)).toEqual([]);
  });

  test('an empty optional district or province counts as absent', async () => {
    expect(await stations(`municipality_id=${KATHMANDU_METRO}&district_id=&province_id=`)).toHaveLength(7);
  });

  test('an unknown local level is a 404; a missing or malformed id a 400', async () => {
    const unknown = await get('/order/address/nearest-delivery-stations/?municipality_id=754');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Local level not found.' });

    const missing = await get('/order/address/nearest-delivery-stations/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('querystring.municipality_id: municipality_id is required');

    for (const bad of ['abc', '0', '-1', '2.5', '99999999999']) {
      const res = await get(`/order/address/nearest-delivery-stations/?municipality_id=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const badDistrict = await get(
      `/order/address/nearest-delivery-stations/?municipality_id=${KATHMANDU_METRO}&district_id=x`,
    );
    expect(badDistrict.statusCode).toBe(400);
  });

  test('a district or province that is not the local level’s own is a 400', async () => {
    const district = await get(
      `/order/address/nearest-delivery-stations/?municipality_id=${KATHMANDU_METRO}&district_id=29`,
    );
    expect(district.statusCode).toBe(400);
    expect(district.json()).toMatchObject({
      message: 'The local level is not in the given district.',
      error: { district_id: ['The local level is not in the given district.'] },
    });
    const province = await get(
      `/order/address/nearest-delivery-stations/?municipality_id=${KATHMANDU_METRO}&province_id=4`,
    );
    expect(province.statusCode).toBe(400);
    expect(province.json().message).toBe('The local level is not in the given province.');
  });
});
