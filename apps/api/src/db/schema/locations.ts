import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

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

export const deliveryStations = pgTable('delivery_stations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  municipalityId: integer('municipality_id')
    .notNull()
    .references(() => municipalities.id),
  address: text('address').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
});

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
