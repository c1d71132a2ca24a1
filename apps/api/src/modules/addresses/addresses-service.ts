import {
  ADDRESS_TYPES,
  type Address,
  type AddressCreateInput,
  type AddressUpdateInput,
  MAX_ADDRESSES,
} from '@pasal/contract/addresses';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  deliveryStations,
  districts,
  municipalities,
  provinces,
  stationCoverage,
} from '../../db/schema/locations';
import { addresses } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';
import { BadRequestError, FieldError, NotFoundError } from '../../lib/errors';

export const ADDRESS_NOT_FOUND = 'Address not found.';
export const TOO_MANY_ADDRESSES = `You can keep at most ${MAX_ADDRESSES} addresses. Delete one to add another.`;

const branch = alias(deliveryStations, 'branch');

// True when some active station serves the address's local level (written out so it never
// collides with the `branch` join above).
const isDeliverable = sql<boolean>`exists (
  select 1 from station_coverage sc join delivery_stations ds on ds.id = sc.station_id
  where sc.municipality_id = ${addresses.municipalityId} and ds.is_active
)`;

function liveAddressesOf(userId: number) {
  return and(eq(addresses.userId, userId), isNull(addresses.deletedAt));
}

/** An address row as `readAddresses` selects it (field names), for a caller that reads it in a statement of its own. */
export interface AddressRow {
  id: number;
  addressType: number;
  location: string;
  landMark: string;
  province: string;
  provinceNe: string;
  provinceId: number;
  district: string;
  districtNe: string;
  districtId: number;
  municipality: string;
  municipalityNe: string;
  municipalityId: number;
  nearestBranch: string | null;
  nearestBranchId: number | null;
  fullName: string;
  phone: string;
  isDefault: boolean;
  isDeliverable: unknown;
}

export function toAddress(r: AddressRow): Address {
  return {
    id: r.id,
    address_type: ADDRESS_TYPES[r.addressType] ?? 'Other',
    location: r.location,
    land_mark: r.landMark,
    province: r.province,
    province_ne: r.provinceNe,
    province_id: r.provinceId,
    district: r.district,
    district_ne: r.districtNe,
    district_id: r.districtId,
    municipality: r.municipality,
    municipality_ne: r.municipalityNe,
    municipality_id: r.municipalityId,
    nearest_branch: r.nearestBranch,
    nearest_branch_id: r.nearestBranchId,
    full_name: r.fullName,
    phone: r.phone,
    is_default: r.isDefault,
    is_deliverable: Boolean(r.isDeliverable),
  };
}

async function readAddresses(db: DbOrTx, userId: number, id?: number): Promise<Address[]> {
  const rows = await db
    .select({
      id: addresses.id,
      addressType: addresses.addressType,
      location: addresses.location,
      landMark: addresses.landMark,
      province: provinces.name,
      provinceNe: provinces.nameNe,
      provinceId: addresses.provinceId,
      district: districts.name,
      districtNe: districts.nameNe,
      districtId: addresses.districtId,
      municipality: municipalities.name,
      municipalityNe: municipalities.nameNe,
      municipalityId: addresses.municipalityId,
      nearestBranch: branch.name,
      nearestBranchId: addresses.nearestBranchId,
      fullName: addresses.fullName,
      phone: addresses.phone,
      isDefault: addresses.isDefault,
      isDeliverable,
    })
    .from(addresses)
    .innerJoin(provinces, eq(provinces.id, addresses.provinceId))
    .innerJoin(districts, eq(districts.id, addresses.districtId))
    .innerJoin(municipalities, eq(municipalities.id, addresses.municipalityId))
    .leftJoin(branch, eq(branch.id, addresses.nearestBranchId))
    .where(and(liveAddressesOf(userId), id === undefined ? undefined : eq(addresses.id, id)))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** The customer's live addresses: the default first, then the newest. */
export function listAddresses(db: DbOrTx, userId: number): Promise<Address[]> {
  return readAddresses(db, userId);
}

/** One of the customer's live addresses; anybody else's (or a deleted one) is a 404. */
export async function getAddress(db: DbOrTx, userId: number, addressId: number): Promise<Address> {
  const [found] = await readAddresses(db, userId, addressId);
  if (!found) throw new NotFoundError(ADDRESS_NOT_FOUND);
  return found;
}

/**
 * Serialises one customer's address changes (row lock on the user), so "first address becomes
 * default" and "one default" hold when requests race. NO KEY UPDATE leaves inserts that merely
 * reference the user (orders, cart lines) unblocked.
 */
async function lockAddressBook(tx: DbOrTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

interface Place {
  provinceId: number;
  districtId: number;
  municipalityId: number;
  nearestBranchId: number | null;
}

/** The province, district, local level and station must exist and fit together. */
async function checkPlace(db: DbOrTx, place: Place): Promise<void> {
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(eq(provinces.id, place.provinceId));
  if (!province) throw new FieldError('province', 'Unknown province.');
  const [district] = await db
    .select({ provinceId: districts.provinceId })
    .from(districts)
    .where(eq(districts.id, place.districtId));
  if (!district) throw new FieldError('district', 'Unknown district.');
  if (district.provinceId !== place.provinceId) {
    throw new FieldError('district', 'The district is not in the selected province.');
  }
  const [municipality] = await db
    .select({ districtId: municipalities.districtId })
    .from(municipalities)
    .where(eq(municipalities.id, place.municipalityId));
  if (!municipality) throw new FieldError('municipality', 'Unknown local level.');
  if (municipality.districtId !== place.districtId) {
    throw new FieldError('municipality', 'The local level is not in the selected district.');
  }
  if (place.nearestBranchId === null) return;
  const [serves] = await db
    .select({ id: deliveryStations.id })
    .from(stationCoverage)
    .innerJoin(deliveryStations, eq(deliveryStations.id, stationCoverage.stationId))
    .where(
      and(
        eq(stationCoverage.stationId, place.nearestBranchId),
        eq(stationCoverage.municipalityId, place.municipalityId),
        eq(deliveryStations.isActive, true),
      ),
    );
  if (!serves) {
    throw new FieldError('nearest_branch', 'The delivery station does not serve the selected local level.');
  }
}

async function clearDefault(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(liveAddressesOf(userId), eq(addresses.isDefault, true)));
}

async function hasDefault(tx: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(liveAddressesOf(userId), eq(addresses.isDefault, true)));
  return row !== undefined;
}

/**
 * Saves a new address. The first one is the default whatever is_default says; is_default true
 * moves the default here from the old one.
 */
export async function createAddress(db: DbOrTx, userId: number, input: AddressCreateInput): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const place: Place = {
      provinceId: input.province,
      districtId: input.district,
      municipalityId: input.municipality,
      nearestBranchId: input.nearest_branch ?? null,
    };
    // The same address saved again (a Save whose answer was lost on a mobile line, then pressed
    // again) is the one already kept, not a second copy in the book.
    const [same] = await tx
      .select({ id: addresses.id, isDefault: addresses.isDefault })
      .from(addresses)
      .where(
        and(
          liveAddressesOf(userId),
          eq(addresses.addressType, input.address_type ?? 0),
          eq(addresses.location, input.location),
          eq(addresses.landMark, input.land_mark ?? ''),
          eq(addresses.provinceId, place.provinceId),
          eq(addresses.districtId, place.districtId),
          eq(addresses.municipalityId, place.municipalityId),
          place.nearestBranchId === null
            ? isNull(addresses.nearestBranchId)
            : eq(addresses.nearestBranchId, place.nearestBranchId),
          eq(addresses.fullName, input.full_name),
          eq(addresses.phone, input.phone),
        ),
      )
      .limit(1);
    if (same) {
      if (input.is_default === true && !same.isDefault) {
        await clearDefault(tx, userId);
        await tx
          .update(addresses)
          .set({ isDefault: true, updatedAt: sql`now()` })
          .where(eq(addresses.id, same.id));
      }
      return getAddress(tx, userId, same.id);
    }
    const [{ live }] = await tx.select({ live: count() }).from(addresses).where(liveAddressesOf(userId));
    if (live >= MAX_ADDRESSES) throw new BadRequestError(TOO_MANY_ADDRESSES);
    await checkPlace(tx, place);
    const defaultExists = await hasDefault(tx, userId);
    const makeDefault = input.is_default === true || !defaultExists;
    if (makeDefault && defaultExists) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        addressType: input.address_type ?? 0,
        location: input.location,
        landMark: input.land_mark ?? '',
        ...place,
        fullName: input.full_name,
        phone: input.phone,
        isDefault: makeDefault,
      })
      .returning({ id: addresses.id });
    return getAddress(tx, userId, row.id);
  });
}

/**
 * Changes the fields sent. The place is re-checked as a whole whenever any part of it is sent.
 * is_default true makes this the default; false never leaves the customer without one (to move
 * the default, make another address the default).
 */
export async function updateAddress(
  db: DbOrTx,
  userId: number,
  addressId: number,
  input: AddressUpdateInput,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [current] = await tx
      .select()
      .from(addresses)
      .where(and(liveAddressesOf(userId), eq(addresses.id, addressId)));
    if (!current) throw new NotFoundError(ADDRESS_NOT_FOUND);
    const place: Place = {
      provinceId: input.province ?? current.provinceId,
      districtId: input.district ?? current.districtId,
      municipalityId: input.municipality ?? current.municipalityId,
      nearestBranchId: input.nearest_branch === undefined ? current.nearestBranchId : input.nearest_branch,
    };
    const placeSent = [input.province, input.district, input.municipality, input.nearest_branch].some(
      (value) => value !== undefined,
    );
    // A form resending the station it loaded is not choosing it again: a station switched off
    // since then stays on the address (the delivery falls back to the nearest active one).
    const stationUnchanged =
      place.nearestBranchId === current.nearestBranchId && place.municipalityId === current.municipalityId;
    if (placeSent) await checkPlace(tx, stationUnchanged ? { ...place, nearestBranchId: null } : place);
    const makeDefault = input.is_default === true && !current.isDefault;
    if (makeDefault) await clearDefault(tx, userId);
    await tx
      .update(addresses)
      .set({
        addressType: input.address_type,
        location: input.location,
        landMark: input.land_mark,
        ...place,
        fullName: input.full_name,
        phone: input.phone,
        isDefault: makeDefault ? true : undefined,
        updatedAt: sql`now()`,
      })
      .where(eq(addresses.id, addressId));
    return getAddress(tx, userId, addressId);
  });
}

/**
 * Soft-deletes the address (orders keep their own snapshot and their reference). When it was the
 * default, the newest remaining address becomes the default.
 */
export async function deleteAddress(db: DbOrTx, userId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [current] = await tx
      .select({ isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(liveAddressesOf(userId), eq(addresses.id, addressId)));
    if (!current) throw new NotFoundError(ADDRESS_NOT_FOUND);
    await tx
      .update(addresses)
      .set({ deletedAt: sql`now()`, isDefault: false, updatedAt: sql`now()` })
      .where(eq(addresses.id, addressId));
    if (!current.isDefault) return;
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(liveAddressesOf(userId), ne(addresses.id, addressId)))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (newest) {
      await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(addresses.id, newest.id));
    }
  });
}
