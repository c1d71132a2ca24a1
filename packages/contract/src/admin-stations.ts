import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  hasAtMostTwoDecimals,
  idInput,
  listQuery,
  pageOf,
  queryBoolean,
  rupeesInput,
  textInput,
  version,
  versionInput,
  wholeInput,
} from './admin-common';
import { idParam, money } from './common';
import { stationSlots } from './delivery-slots';

// Delivery stations in the shop console: where each delivers, how far, and its charge rule
// (docs/delivery-charge.md).

export const MAX_COVERAGE = 800;
export const MAX_DISTANCE_KM = 9999.99;

export const stationPlace = z.object({
  municipality_id: z.number().int(),
  municipality: z.string(),
  district_id: z.number().int(),
  district: z.string(),
  province_id: z.number().int(),
  province: z.string(),
});

export const coverageEntry = z.object({
  municipality_id: z.number().int(),
  municipality: z.string(),
  district: z.string(),
  distance_km: z.number().describe('Road distance from the station, km (2 decimals)'),
});
export type CoverageEntry = z.infer<typeof coverageEntry>;

export const deliveryRule = z.object({
  base_charge: money.describe('Charge covering the first base_km km'),
  base_km: z.number().int(),
  per_km_charge: money.describe('Added for every started km beyond base_km'),
  free_from: money.nullable().describe('Orders worth at least this travel free; null: never free'),
  same_day_km: z.number().int().describe('"Same day" up to this distance, "Next day" beyond'),
});

export const adminStation = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  location: stationPlace.describe('The local level the station stands in'),
  is_active: z.boolean().describe('An inactive station serves nobody; addresses fall back to the nearest'),
  rule: deliveryRule,
  coverage: z.array(coverageEntry).describe('Nearest first'),
  delivery_slots: stationSlots.describe('The slots checkout offers (none: no slot is asked for)'),
  version,
});
export type AdminStation = z.infer<typeof adminStation>;

export const adminStationListItem = adminStation.omit({ coverage: true, delivery_slots: true }).extend({
  coverage_count: z.number().int(),
  slot_count: z.number().int(),
});
export const adminStationPage = pageOf(adminStationListItem);
export type AdminStationPage = z.infer<typeof adminStationPage>;

export const adminStationListQuery = listQuery(
  ['name', 'id'],
  { sort: 'name', order: 'asc' },
  { active: queryBoolean('active').optional() },
).describe('q matches the name or the address');

const distanceInput = z
  .number({ error: 'distance_km must be a number' })
  .min(0, 'distance_km cannot be negative')
  .max(MAX_DISTANCE_KM, `distance_km must be at most ${MAX_DISTANCE_KM}`)
  .refine(hasAtMostTwoDecimals, 'distance_km can have at most 2 decimals');

export const coverageInput = z
  .array(
    z.strictObject(
      { municipality: idInput('Local level'), distance_km: distanceInput },
      { error: bodyError('Each entry must be {municipality, distance_km}') },
    ),
    { error: 'coverage must be a list of {municipality, distance_km}' },
  )
  .max(MAX_COVERAGE, `A station covers at most ${MAX_COVERAGE} local levels`)
  .refine(
    (list) => new Set(list.map((entry) => entry.municipality)).size === list.length,
    'A local level is listed more than once',
  );

const ruleFields = {
  base_charge: rupeesInput('Base charge'),
  base_km: wholeInput('Base km', 0, 1000),
  per_km_charge: rupeesInput('Per-km charge'),
  free_from: z.union([rupeesInput('Free from'), z.null()], { error: 'Free from must be a number or null' }),
  same_day_km: wholeInput('Same-day km', 0, 10_000),
};

const stationFields = {
  name: textInput('Name', 100),
  address: textInput('Address', 255, { required: false }),
  municipality: idInput('Local level').describe('The local level the station stands in'),
  is_active: booleanInput('is_active'),
  ...ruleFields,
};

export const adminStationCreate = z
  .strictObject(
    {
      name: stationFields.name,
      municipality: stationFields.municipality,
      ...z
        .object({
          address: stationFields.address,
          is_active: stationFields.is_active,
          ...ruleFields,
        })
        .partial().shape,
      coverage: coverageInput.optional().describe('Local levels served, with distances (default none)'),
    },
    { error: bodyError('The body must be a station object') },
  )
  .describe('Rule fields left out take the defaults of docs/delivery-charge.md');
export type AdminStationCreate = z.input<typeof adminStationCreate>;

export const adminStationUpdate = z.strictObject(
  { version: versionInput, ...z.object(stationFields).partial().shape },
  { error: bodyError('The body must be an object with the fields to change and version') },
);
export type AdminStationUpdate = z.input<typeof adminStationUpdate>;

/** PUT: the new set of local levels served (replaces the old one). */
export const adminCoverageReplace = z.strictObject(
  { version: versionInput, coverage: coverageInput },
  { error: bodyError('The body must be {version, coverage: [...]}') },
);
export type AdminCoverageReplace = z.input<typeof adminCoverageReplace>;

export const adminStationParams = z.object({ stationId: idParam });
export const adminStationResponse = z.object({ station: adminStation });
export type AdminStationResponse = z.infer<typeof adminStationResponse>;
