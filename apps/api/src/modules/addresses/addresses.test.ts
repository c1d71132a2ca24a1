import {
  ADDRESS_TYPE_MESSAGE,
  type Address,
  MAX_ADDRESSES,
  MUNICIPALITY_REQUIRED,
  PHONE_RULE_MESSAGE,
} from '@pasal/contract/addresses';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliveryStations } from '../../db/schema/locations';
import { addresses } from '../../db/schema/shopping';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAddress, createDeliveryStation, createUser } from '../../test/factories';
import { API, login } from '../auth/auth-test-helpers';

let t: TestApp;
let baneshworId: number;
let pokharaLakesideId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  const stations = await t.db
    .select({ id: deliveryStations.id, name: deliveryStations.name })
    .from(deliveryStations);
  const byName = new Map(stations.map((s) => [s.name, s.id]));
  baneshworId = byName.get('Baneshwor Station')!;
  pokharaLakesideId = byName.get('Pokhara Lakeside Station')!;
});
afterAll(async () => {
  await t.close();
});

// Ids from the seeded locations (apps/api/src/seed/nepal-locations.json).
const BAGMATI = 3;
const GANDAKI = 4;
const KOSHI = 1;
const KATHMANDU_DISTRICT = 27;
const LALITPUR_DISTRICT = 29;
const JHAPA_DISTRICT = 4;
const KATHMANDU_METRO = 307;
const KIRTIPUR = 309;
const LALITPUR_METRO = 331;
const MECHINAGAR = 27;

async function customer() {
  const user = await createUser(t.db);
  const { access_token } = await login(t.app, user.phone!, 'Passw0rd!');
  return { id: user.id, token: access_token };
}

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    address_type: 'Home',
    full_name: 'Sita Sharma',
    phone: '9841234567',
    location: 'Baneshwor-10, Shantinagar',
    land_mark: 'Near the blue gate',
    province: BAGMATI,
    district: KATHMANDU_DISTRICT,
    municipality: KATHMANDU_METRO,
    nearest_branch: null,
    is_default: false,
    ...overrides,
  };
}

function create(token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `${API}/order/address/create/`, headers: auth(token), payload });
}

function update(token: string, id: number | string, payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `${API}/order/address/update/${id}/`,
    headers: auth(token),
    payload,
  });
}

function remove(token: string, id: number | string) {
  return t.app.inject({ method: 'DELETE', url: `${API}/order/address/delete/${id}/`, headers: auth(token) });
}

async function list(token: string): Promise<Address[]> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/order/address/list/`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Address[] }>().data;
}

let saves = 0;

/** A new address in the book: each differs (its landmark), since the same one sent again is kept once. */
async function created(token: string, overrides: Record<string, unknown> = {}): Promise<Address> {
  saves += 1;
  const res = await create(token, form({ land_mark: `Near the blue gate ${saves}`, ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Address }>().data;
}

function defaults(book: Address[]): number[] {
  return book.filter((a) => a.is_default).map((a) => a.id);
}

describe('addresses: access', () => {
  test('visitors get 401 on every address call', async () => {
    const calls = [
      t.app.inject({ method: 'GET', url: `${API}/order/address/list/` }),
      t.app.inject({ method: 'POST', url: `${API}/order/address/create/`, payload: form() }),
      t.app.inject({ method: 'PATCH', url: `${API}/order/address/update/1/`, payload: {} }),
      t.app.inject({ method: 'DELETE', url: `${API}/order/address/delete/1/` }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  test('answers carrying addresses are not marked cacheable', async () => {
    const me = await customer();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/order/address/list/`,
      headers: auth(me.token),
    });
    expect(res.headers['cache-control'] ?? '').not.toContain('public');
  });

  test('another customer’s address is absent from my list and a 404 to update or delete', async () => {
    const owner = await customer();
    const stranger = await customer();
    const theirs = await created(owner.token);
    expect(await list(stranger.token)).toEqual([]);

    const patch = await update(stranger.token, theirs.id, { full_name: 'Mallory' });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ message: 'Address not found.' });
    expect((await remove(stranger.token, theirs.id)).statusCode).toBe(404);
    expect(await list(owner.token)).toEqual([theirs]);
  });
});

describe('addresses: create and read', () => {
  test('saves every field and answers it back with names, ids and deliverability', async () => {
    const me = await customer();
    const res = await create(me.token, form({ nearest_branch: baneshworId }));
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; data: Address }>();
    expect(body.data).toEqual({
      id: expect.any(Number),
      address_type: 'Home',
      location: 'Baneshwor-10, Shantinagar',
      land_mark: 'Near the blue gate',
      province: 'Bagmati Province',
      province_ne: 'बाग्मती प्रदेश',
      province_id: BAGMATI,
      district: 'Kathmandu',
      district_ne: 'काठमाडौँ',
      district_id: KATHMANDU_DISTRICT,
      municipality: 'Kathmandu',
      municipality_ne: 'काठमाण्डौं',
      municipality_id: KATHMANDU_METRO,
      nearest_branch: 'Baneshwor Station',
      nearest_branch_id: baneshworId,
      full_name: 'Sita Sharma',
      phone: '9841234567',
      is_default: true,
      is_deliverable: true,
    });
    expect(await list(me.token)).toEqual([body.data]);
  });

  test('address_type is accepted as a name or as 0/1/2 (also as strings) and answered as a name', async () => {
    const me = await customer();
    const sent: [unknown, string][] = [
      ['Home', 'Home'],
      ['Work', 'Work'],
      ['Other', 'Other'],
      [0, 'Home'],
      [1, 'Work'],
      [2, 'Other'],
      ['1', 'Work'],
    ];
    for (const [type, answered] of sent) {
      const saved = await created(me.token, { address_type: type });
      expect(saved.address_type, String(type)).toBe(answered);
    }
    const leftOut = await created(me.token, { address_type: undefined });
    expect(leftOut.address_type).toBe('Home');
    for (const bad of ['Office', 3, -1, 'home', true]) {
      const res = await create(me.token, form({ address_type: bad }));
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.address_type).toEqual([ADDRESS_TYPE_MESSAGE]);
    }
  });

  test('ids may come as strings of digits, as a form’s selects give them', async () => {
    const me = await customer();
    const saved = await created(me.token, {
      province: String(BAGMATI),
      district: ` ${LALITPUR_DISTRICT} `,
      municipality: String(LALITPUR_METRO),
      nearest_branch: '',
    });
    expect(saved).toMatchObject({
      district_id: LALITPUR_DISTRICT,
      municipality: 'Lalitpur',
      nearest_branch_id: null,
    });
  });

  test('text is stored as written (trimmed, never HTML-escaped); a null landmark is empty', async () => {
    const me = await customer();
    const saved = await created(me.token, {
      full_name: '  <b>राम</b> & "Shyam"  ',
      location: "Ward 4, O'Brien's <Tole>",
      land_mark: null,
    });
    expect(saved.full_name).toBe('<b>राम</b> & "Shyam"');
    expect(saved.location).toBe("Ward 4, O'Brien's <Tole>");
    expect(saved.land_mark).toBe('');
  });

  test('phones: Nepali mobiles and landlines, with separators or +977, kept in national form', async () => {
    const me = await customer();
    const accepted: [string, string][] = [
      ['9801234567', '9801234567'],
      ['+977 984-123-4567', '9841234567'],
      ['009779761234567', '9761234567'],
      ['9779851234567', '9851234567'],
      ['01-4123456', '014123456'],
      ['061 521234', '061521234'],
      ['+977-1-4123456', '014123456'],
    ];
    for (const [sent, stored] of accepted) {
      expect((await created(me.token, { phone: sent })).phone, sent).toBe(stored);
    }
    for (const bad of [
      '12345',
      '8841234567',
      '98412345678',
      '984123456',
      '14123456',
      'phone',
      '+1 202 555 0100',
    ]) {
      const res = await create(me.token, form({ phone: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.phone, bad).toEqual([PHONE_RULE_MESSAGE]);
    }
  });

  test('every required field is named when missing, the local level included', async () => {
    const me = await customer();
    const res = await create(me.token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      full_name: ['Full name is required'],
      phone: ['Phone number is required'],
      location: ['Location is required'],
      province: ['Province is required'],
      district: ['District is required'],
      municipality: [MUNICIPALITY_REQUIRED],
    });

    const noLocalLevel = await create(me.token, form({ municipality: undefined }));
    expect(noLocalLevel.statusCode).toBe(400);
    expect(noLocalLevel.json().message).toBe(`municipality: ${MUNICIPALITY_REQUIRED}`);
    for (const blank of [null, '', '  ']) {
      const res = await create(me.token, form({ municipality: blank, full_name: '   ' }));
      expect(res.json().error).toEqual({
        full_name: ['Full name is required'],
        municipality: [MUNICIPALITY_REQUIRED],
      });
    }
    expect(await list(me.token)).toEqual([]);
  });

  test('lengths are bounded and malformed values refused', async () => {
    const me = await customer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ full_name: 'x'.repeat(101) }, 'full_name', 'Full name must be at most 100 characters'],
      [{ location: 'x'.repeat(256) }, 'location', 'Location must be at most 255 characters'],
      [{ land_mark: 'x'.repeat(256) }, 'land_mark', 'Landmark must be at most 255 characters'],
      [{ location: 'a\u0000b' }, 'location', 'Must not contain a NUL character'],
      [{ province: 'three' }, 'province', 'Province must be an id'],
      [{ district: 2.5 }, 'district', 'District must be an id'],
      [{ municipality: 0 }, 'municipality', 'Local level must be an id'],
      [{ nearest_branch: 'x' }, 'nearest_branch', 'Delivery station must be an id'],
      [{ is_default: 'yes' }, 'is_default', 'is_default must be true or false'],
      [{ full_name: 42 }, 'full_name', 'Full name must be text'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(me.token, form(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error[field], field).toEqual([message]);
    }
    expect(await list(me.token)).toEqual([]);
  });

  test('the place must fit together: district in province, local level in district, station serving it', async () => {
    const me = await customer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ province: 8 }, 'province', 'Unknown province.'],
      [{ district: 78 }, 'district', 'Unknown district.'],
      [{ municipality: 754 }, 'municipality', 'Unknown local level.'],
      [{ province: GANDAKI }, 'district', 'The district is not in the selected province.'],
      [{ municipality: LALITPUR_METRO }, 'municipality', 'The local level is not in the selected district.'],
      [
        { nearest_branch: pokharaLakesideId },
        'nearest_branch',
        'The delivery station does not serve the selected local level.',
      ],
      [
        { nearest_branch: 999_999 },
        'nearest_branch',
        'The delivery station does not serve the selected local level.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await create(me.token, form(overrides));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ message, error: { [field]: [message] } });
    }
    const inactive = await createDeliveryStation(
      t.db,
      [{ municipalityId: KATHMANDU_METRO, distanceKm: '1.00' }],
      {
        isActive: false,
      },
    );
    const res = await create(me.token, form({ nearest_branch: inactive.id }));
    expect(res.json().error.nearest_branch).toEqual([
      'The delivery station does not serve the selected local level.',
    ]);
    expect(await list(me.token)).toEqual([]);
  });

  test('an address no station serves is saved and marked undeliverable', async () => {
    const me = await customer();
    const saved = await created(me.token, {
      province: KOSHI,
      district: JHAPA_DISTRICT,
      municipality: MECHINAGAR,
    });
    expect(saved).toMatchObject({ municipality: 'Mechinagar', is_deliverable: false });
    const station = await createDeliveryStation(t.db, [{ municipalityId: MECHINAGAR, distanceKm: '4.00' }]);
    expect((await list(me.token))[0].is_deliverable).toBe(true);
    await t.db.update(deliveryStations).set({ isActive: false }).where(eq(deliveryStations.id, station.id));
    expect((await list(me.token))[0].is_deliverable).toBe(false);
  });

  test(`a customer keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const me = await customer();
    for (let i = 0; i < MAX_ADDRESSES; i += 1) await createAddress(t.db, me.id);
    const res = await create(me.token, form());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `You can keep at most ${MAX_ADDRESSES} addresses. Delete one to add another.`,
    );
    const [oldest] = (await list(me.token)).slice(-1);
    expect((await remove(me.token, oldest.id)).statusCode).toBe(200);
    expect((await create(me.token, form())).statusCode).toBe(201);
  });
});

describe('addresses: one default', () => {
  test('the first address is the default whatever is_default says; is_default true moves it', async () => {
    const me = await customer();
    const first = await created(me.token, { is_default: false });
    expect(first.is_default).toBe(true);
    const second = await created(me.token);
    expect(second.is_default).toBe(false);
    const third = await created(me.token, { is_default: true });
    expect(third.is_default).toBe(true);
    const book = await list(me.token);
    expect(defaults(book)).toEqual([third.id]);
    // The default first, then the newest.
    expect(book.map((a) => a.id)).toEqual([third.id, second.id, first.id]);
  });

  test('PATCH is_default true moves the default; false on the default keeps it', async () => {
    const me = await customer();
    const first = await created(me.token);
    const second = await created(me.token);
    const moved = await update(me.token, second.id, { is_default: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.is_default).toBe(true);
    expect(defaults(await list(me.token))).toEqual([second.id]);

    const kept = await update(me.token, second.id, { is_default: false });
    expect(kept.json().data.is_default).toBe(true);
    const untouched = await update(me.token, first.id, { is_default: false });
    expect(untouched.json().data.is_default).toBe(false);
    expect(defaults(await list(me.token))).toEqual([second.id]);
  });

  test('creates sent at once, each asking to be the default, leave exactly one default', async () => {
    const me = await customer();
    await created(me.token);
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const all = await Promise.all(
      names.map((location) => create(me.token, form({ location, is_default: true }))),
    );
    expect(all.map((r) => r.statusCode)).toEqual(names.map(() => 201));
    const book = await list(me.token);
    expect(book).toHaveLength(names.length + 1);
    expect(defaults(book)).toHaveLength(1);
    expect(names).toContain(book[0].location);
  });

  test('a new customer’s first addresses sent at once: exactly one becomes the default', async () => {
    const me = await customer();
    const all = await Promise.all([1, 2, 3, 4, 5, 6].map(() => create(me.token, form())));
    expect(all.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(defaults(await list(me.token))).toHaveLength(1);
  });
});

describe('addresses: update', () => {
  test('changes only the fields sent', async () => {
    const me = await customer();
    const saved = await created(me.token, { nearest_branch: baneshworId });
    const res = await update(me.token, saved.id, {
      phone: '+977 9851112222',
      address_type: 1,
      land_mark: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...saved, phone: '9851112222', address_type: 'Work', land_mark: '' });
    expect(await list(me.token)).toEqual([res.json().data]);
  });

  test('moves the whole place, checking it again; a partial move that no longer fits is refused', async () => {
    const me = await customer();
    const saved = await created(me.token, { nearest_branch: baneshworId });

    const half = await update(me.token, saved.id, { district: LALITPUR_DISTRICT });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.municipality).toEqual(['The local level is not in the selected district.']);

    // Baneshwor serves Kirtipur too, so the station may stay.
    const nearby = await update(me.token, saved.id, { municipality: KIRTIPUR });
    expect(nearby.json().data).toMatchObject({ municipality: 'Kirtipur', nearest_branch_id: baneshworId });

    const stale = await update(me.token, saved.id, {
      province: GANDAKI,
      district: 38,
      municipality: await pokharaId(),
    });
    expect(stale.json().error.nearest_branch).toEqual([
      'The delivery station does not serve the selected local level.',
    ]);
    const moved = await update(me.token, saved.id, {
      province: GANDAKI,
      district: 38,
      municipality: await pokharaId(),
      nearest_branch: pokharaLakesideId,
    });
    expect(moved.json().data).toMatchObject({
      province: 'Gandaki Province',
      district: 'Kaski',
      municipality: 'Pokhara',
      nearest_branch: 'Pokhara Lakeside Station',
    });
    const cleared = await update(me.token, saved.id, { nearest_branch: null });
    expect(cleared.json().data).toMatchObject({ nearest_branch: null, nearest_branch_id: null });
  });

  test('a form resending a station switched off since is accepted; choosing it anew is not', async () => {
    const me = await customer();
    const station = await createDeliveryStation(t.db, [
      { municipalityId: KATHMANDU_METRO, distanceKm: '2.00' },
    ]);
    const other = await createDeliveryStation(t.db, [{ municipalityId: KIRTIPUR, distanceKm: '2.00' }]);
    const saved = await created(me.token, { nearest_branch: station.id });
    await t.db.update(deliveryStations).set({ isActive: false }).where(eq(deliveryStations.id, station.id));
    const resent = await update(
      me.token,
      saved.id,
      form({ nearest_branch: station.id, phone: '9812345678' }),
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({ phone: '9812345678', nearest_branch_id: station.id });

    const elsewhere = await created(me.token, { municipality: KIRTIPUR, nearest_branch: other.id });
    const chosen = await update(me.token, elsewhere.id, {
      municipality: KATHMANDU_METRO,
      nearest_branch: station.id,
    });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().error.nearest_branch).toEqual([
      'The delivery station does not serve the selected local level.',
    ]);
  });

  test('refuses blank required fields and malformed ids; an empty body changes nothing', async () => {
    const me = await customer();
    const saved = await created(me.token);
    for (const [field, value, message] of [
      ['full_name', ' ', 'Full name is required'],
      ['phone', '', 'Phone number is required'],
      ['municipality', null, MUNICIPALITY_REQUIRED],
      ['province', '', 'Province is required'],
    ] as const) {
      const res = await update(me.token, saved.id, { [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error[field]).toEqual([message]);
    }
    expect((await update(me.token, 'abc', {})).statusCode).toBe(400);
    expect((await update(me.token, 0, {})).statusCode).toBe(400);
    const same = await update(me.token, saved.id, {});
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toEqual(saved);
    expect(await list(me.token)).toEqual([saved]);
  });
});

describe('addresses: delete', () => {
  test('a soft delete: gone from the list and from reach, the row kept for orders', async () => {
    const me = await customer();
    const keep = await created(me.token);
    const gone = await created(me.token);
    const res = await remove(me.token, gone.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Address deleted.' });
    expect(await list(me.token)).toEqual([keep]);
    const rows = await t.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, gone.id), isNotNull(addresses.deletedAt)));
    expect(rows).toHaveLength(1);
    expect((await remove(me.token, gone.id)).statusCode).toBe(404);
    expect((await update(me.token, gone.id, { full_name: 'Back' })).statusCode).toBe(404);
    expect((await remove(me.token, 'x')).statusCode).toBe(400);
  });

  test('deleting the default makes the newest remaining address the default', async () => {
    const me = await customer();
    const first = await created(me.token);
    const second = await created(me.token);
    const third = await created(me.token);
    await remove(me.token, first.id);
    expect(defaults(await list(me.token))).toEqual([third.id]);
    await remove(me.token, second.id); // not the default: nothing moves
    expect(defaults(await list(me.token))).toEqual([third.id]);
    await remove(me.token, third.id);
    expect(await list(me.token)).toEqual([]);
    // With none left, the next address is the default again.
    expect((await created(me.token)).is_default).toBe(true);
  });
});

async function pokharaId(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/order/address/districts/38/municipalities/` });
  const found = res.json<{ data: { data: { id: number; name: string }[] } }>().data.data;
  return found.find((m) => m.name === 'Pokhara')!.id;
}

describe('addresses: saved twice', () => {
  test('the same address sent again (a Save whose answer was lost) is the one kept, not a copy', async () => {
    const me = await customer();
    const first = await created(me.token, { land_mark: 'Near the blue gate' });
    const again = await created(me.token, { land_mark: 'Near the blue gate', is_default: true });
    expect(again.id).toBe(first.id);
    expect(again.is_default).toBe(true);
    const other = await created(me.token, { land_mark: 'Opposite the temple' });
    expect(other.id).not.toBe(first.id);
    expect((await list(me.token)).map((a) => a.id).sort((a, b) => a - b)).toEqual(
      [first.id, other.id].sort((a, b) => a - b),
    );
  });
});
