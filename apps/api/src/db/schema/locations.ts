import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';

// Ids follow src/seed/nepal-locations.json, so they are stable across seeds.
export const provinces = pgTable('provinces', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameNe: text('name_ne').notNull(),
  headquarter: text('headquarter').notNull().default(''),
});

export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    name: text('name').notNull(),
    nameNe: text('name_ne').notNull(),
    headquarter: text('headquarter').notNull().default(''),
  },
  (t) => [index('districts_province_idx').on(t.provinceId)],
);

export const municipalities = pgTable(
  'municipalities',
  {
    id: integer('id').primaryKey(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    name: text('name').notNull(),
    nameNe: text('name_ne').notNull(),
    type: text('type').notNull(),
    wards: integer('wards').notNull(),
  },
  (t) => [index('municipalities_district_idx').on(t.districtId)],
);

/**
 * The delivery charge rule's defaults (docs/delivery-charge.md). Each station keeps its own copy in
 * its columns, so staff can tune one station without touching the others.
 */
export const DELIVERY_RULE_DEFAULTS = {
  baseChargePaisa: 5_000,
  baseKm: 3,
  perKmPaisa: 1_500,
  freeFromPaisa: 150_000,
  sameDayMaxKm: 10,
} as const;

export const deliveryStations = pgTable(
  'delivery_stations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    address: text('address').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    // The delivery charge rule's parameters for deliveries from this station.
    baseChargePaisa: integer('base_charge_paisa').notNull().default(DELIVERY_RULE_DEFAULTS.baseChargePaisa),
    baseKm: integer('base_km').notNull().default(DELIVERY_RULE_DEFAULTS.baseKm),
    perKmPaisa: integer('per_km_paisa').notNull().default(DELIVERY_RULE_DEFAULTS.perKmPaisa),
    /** Orders worth at least this much travel free; null: never free. */
    freeFromPaisa: integer('free_from_paisa').default(DELIVERY_RULE_DEFAULTS.freeFromPaisa),
    sameDayMaxKm: integer('same_day_max_km').notNull().default(DELIVERY_RULE_DEFAULTS.sameDayMaxKm),
    /** A delivery slot stops taking orders this many minutes before it starts (decision 058). */
    slotCutoffMinutes: integer('slot_cutoff_minutes').notNull().default(60),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check(
      'delivery_stations_rule_nonnegative',
      sql`${t.slotCutoffMinutes} >= 0 and ${t.baseChargePaisa} >= 0 and ${t.baseKm} >= 0 and ${t.perKmPaisa} >= 0 and ${t.sameDayMaxKm} >= 0 and (${t.freeFromPaisa} is null or ${t.freeFromPaisa} >= 0)`,
    ),
  ],
);

// Which municipalities a station delivers to, and how far each is from it by road.
export const stationCoverage = pgTable(
  'station_coverage',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => deliveryStations.id, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    distanceKm: numeric('distance_km', { precision: 6, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.municipalityId] }),
    index('station_coverage_municipality_idx').on(t.municipalityId),
  ],
);

/**
 * The delivery slots a station offers every day, in Nepal time (minutes after midnight), each with
 * the number of orders it takes per day (decision 058). Orders copy the times they were placed for.
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => deliveryStations.id, { onDelete: 'cascade' }),
    startsMinute: integer('starts_minute').notNull(),
    endsMinute: integer('ends_minute').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    index('delivery_slots_station_idx').on(t.stationId, t.startsMinute),
    check(
      'delivery_slots_times_valid',
      sql`${t.startsMinute} >= 0 and ${t.endsMinute} > ${t.startsMinute} and ${t.endsMinute} <= 1440 and ${t.capacity} >= 1`,
    ),
  ],
);
