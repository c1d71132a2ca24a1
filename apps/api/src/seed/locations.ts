import { readFileSync } from 'node:fs';
import type { DbOrTx } from '../db/client';
import {
  deliveryStations,
  districts,
  municipalities,
  provinces,
  stationCoverage,
} from '../db/schema/locations';
import { chunks } from './batches';
import { demoStations } from './delivery-stations-data';

// nepal-locations.json beside this file: 7 provinces, 77 districts, 753 local levels (facts checked in
// nepal-locations.test.ts).
interface LocationFile {
  provinces: { id: number; name: string; name_ne: string; headquarter: string }[];
  districts: { id: number; province_id: number; name: string; name_ne: string; headquarter: string }[];
  municipalities: {
    id: number;
    district_id: number;
    name: string;
    name_ne: string;
    type: string;
    wards: number;
  }[];
}

export function loadNepalLocations(): LocationFile {
  return JSON.parse(readFileSync(new URL('./nepal-locations.json', import.meta.url), 'utf8')) as LocationFile;
}

export interface LocationCounts {
  provinces: number;
  districts: number;
  municipalities: number;
  deliveryStations: number;
  stationCoverage: number;
}

export async function seedLocations(db: DbOrTx): Promise<LocationCounts> {
  const data = loadNepalLocations();
  await db
    .insert(provinces)
    .values(
      data.provinces.map((p) => ({ id: p.id, name: p.name, nameNe: p.name_ne, headquarter: p.headquarter })),
    );
  for (const batch of chunks(data.districts, 250)) {
    await db.insert(districts).values(
      batch.map((d) => ({
        id: d.id,
        provinceId: d.province_id,
        name: d.name,
        nameNe: d.name_ne,
        headquarter: d.headquarter,
      })),
    );
  }
  for (const batch of chunks(data.municipalities, 250)) {
    await db.insert(municipalities).values(
      batch.map((m) => ({
        id: m.id,
        districtId: m.district_id,
        name: m.name,
        nameNe: m.name_ne,
        type: m.type,
        wards: m.wards,
      })),
    );
  }

  // Station data names places; ids come from the file so a typo fails loudly instead of mis-linking.
  const districtIds = new Map(data.districts.map((d) => [d.name, d.id]));
  const municipalityIds = new Map(data.municipalities.map((m) => [`${m.name}|${m.district_id}`, m.id]));
  const lookup = (name: string, district: string): number => {
    const id = municipalityIds.get(`${name}|${districtIds.get(district)}`);
    if (id === undefined) throw new Error(`Unknown local level ${name} in ${district}`);
    return id;
  };
  const stations = await db
    .insert(deliveryStations)
    .values(
      demoStations.map((s) => ({
        name: s.name,
        address: s.address,
        municipalityId: lookup(...s.municipality),
      })),
    )
    .returning({ id: deliveryStations.id, name: deliveryStations.name });
  const stationIds = new Map(stations.map((s) => [s.name, s.id]));
  const coverage = demoStations.flatMap((s) =>
    s.covers.map(([name, district, km]) => ({
      stationId: stationIds.get(s.name)!,
      municipalityId: lookup(name, district),
      distanceKm: km.toFixed(2),
    })),
  );
  await db.insert(stationCoverage).values(coverage);

  return {
    provinces: data.provinces.length,
    districts: data.districts.length,
    municipalities: data.municipalities.length,
    deliveryStations: stations.length,
    stationCoverage: coverage.length,
  };
}
