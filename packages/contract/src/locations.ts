import { z } from 'zod';
import { idParam } from './common';

// Location lists for the address form (shopping.md §7): the body is { data: { data: [...] } }.

export const province = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ne: z.string().describe('Name in Nepali'),
});
export type Province = z.infer<typeof province>;

export const district = province.extend({ province_id: z.number().int() });
export type District = z.infer<typeof district>;

export const municipality = province.extend({
  district_id: z.number().int(),
  type: z
    .string()
    .describe(
      'Kind of local level: metropolitan_city, sub_metropolitan_city, municipality or rural_municipality',
    ),
});
export type Municipality = z.infer<typeof municipality>;

export const provinceList = z.object({ data: z.object({ data: z.array(province) }) });
export type ProvinceList = z.infer<typeof provinceList>;

export const districtList = z.object({ data: z.object({ data: z.array(district) }) });
export type DistrictList = z.infer<typeof districtList>;

export const municipalityList = z.object({ data: z.object({ data: z.array(municipality) }) });
export type MunicipalityList = z.infer<typeof municipalityList>;

export const provinceParams = z.object({ provinceId: idParam });
export const districtParams = z.object({ districtId: idParam });

const MAX_ID = 2_147_483_647;

function queryText(label: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be one id`),
    })
    .trim();
}

function idNumber(label: string) {
  return z.number().positive(`${label} must be a positive id`).max(MAX_ID, `${label} is too large`);
}

/** A required id in a query string. */
function queryId(label: string) {
  return queryText(label)
    .min(1, { message: `${label} is required`, abort: true })
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(idNumber(label));
}

/** An optional id in a query string; empty (`district_id=`) counts as absent. */
function optionalQueryId(label: string) {
  return queryText(label)
    .regex(/^\d*$/, `${label} must be a whole number`)
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(idNumber(label).optional())
    .optional();
}

export const nearestStationsQuery = z.object({
  municipality_id: queryId('municipality_id').describe('Local level (municipality) id'),
  district_id: optionalQueryId('district_id').describe('If given, must be the local level’s district'),
  province_id: optionalQueryId('province_id').describe('If given, must be the local level’s province'),
});
export type NearestStationsQuery = z.input<typeof nearestStationsQuery>;

export const deliveryStation = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  distance: z.number().describe('Road distance in km from the station to the local level'),
});
export type DeliveryStation = z.infer<typeof deliveryStation>;

export const nearestStationsResponse = z.object({
  data: z.object({ delivery_stations: z.array(deliveryStation).describe('Nearest first') }),
});
export type NearestStationsResponse = z.infer<typeof nearestStationsResponse>;
