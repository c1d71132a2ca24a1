import type { DeliveryStation, District, Municipality, Province } from '@pasal/contract/locations';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { districts, municipalities, provinces } from '../../db/schema/locations';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { centiKmToKm, findServingStations } from './station-queries';

export const PROVINCE_NOT_FOUND = 'Province not found.';
export const DISTRICT_NOT_FOUND = 'District not found.';
export const MUNICIPALITY_NOT_FOUND = 'Local level not found.';

/** The 7 provinces in their official order (1 Koshi … 7 Sudurpashchim). */
export async function listProvinces(db: DbOrTx): Promise<Province[]> {
  return db
    .select({ id: provinces.id, name: provinces.name, name_ne: provinces.nameNe })
    .from(provinces)
    .orderBy(asc(provinces.id));
}

/** A province's districts by name; an unknown province is a 404 (an empty list would hide a bad id). */
export async function listDistricts(db: DbOrTx, provinceId: number): Promise<District[]> {
  const [province] = await db
    .select({ id: provinces.id })
    .from(provinces)
    .where(eq(provinces.id, provinceId));
  if (!province) throw new NotFoundError(PROVINCE_NOT_FOUND);
  return db
    .select({
      id: districts.id,
      name: districts.name,
      name_ne: districts.nameNe,
      province_id: districts.provinceId,
    })
    .from(districts)
    .where(eq(districts.provinceId, provinceId))
    .orderBy(asc(districts.name), asc(districts.id));
}

export async function listMunicipalities(db: DbOrTx, districtId: number): Promise<Municipality[]> {
  const [district] = await db
    .select({ id: districts.id })
    .from(districts)
    .where(eq(districts.id, districtId));
  if (!district) throw new NotFoundError(DISTRICT_NOT_FOUND);
  return db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      name_ne: municipalities.nameNe,
      district_id: municipalities.districtId,
      type: municipalities.type,
    })
    .from(municipalities)
    .where(eq(municipalities.districtId, districtId))
    .orderBy(asc(municipalities.name), asc(municipalities.id));
}

export interface StationQuery {
  municipalityId: number;
  districtId?: number;
  provinceId?: number;
}

/**
 * The active stations serving a local level, nearest first. The optional district and province,
 * when sent, must be the local level's own: a mismatch means the form is out of step.
 */
export async function listNearestStations(db: DbOrTx, query: StationQuery): Promise<DeliveryStation[]> {
  const [place] = await db
    .select({ districtId: municipalities.districtId, provinceId: districts.provinceId })
    .from(municipalities)
    .innerJoin(districts, eq(districts.id, municipalities.districtId))
    .where(eq(municipalities.id, query.municipalityId));
  if (!place) throw new NotFoundError(MUNICIPALITY_NOT_FOUND);
  if (query.districtId !== undefined && query.districtId !== place.districtId) {
    throw new BadRequestError('The local level is not in the given district.', {
      error: { district_id: ['The local level is not in the given district.'] },
    });
  }
  if (query.provinceId !== undefined && query.provinceId !== place.provinceId) {
    throw new BadRequestError('The local level is not in the given province.', {
      error: { province_id: ['The local level is not in the given province.'] },
    });
  }
  const stations = await findServingStations(db, query.municipalityId);
  return stations.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    distance: centiKmToKm(s.distanceCentiKm),
  }));
}
