import type {
  DeliveryStation,
  District,
  DistrictList,
  Municipality,
  MunicipalityList,
  NearestStationsResponse,
  Province,
  ProvinceList,
} from '@pasal/contract/locations';
import { publicClient } from '../../lib/api-client';

export type { DeliveryStation, District, Municipality, Province };

// The location lists are public and cacheable: no session goes with them.

/** data.data.data, or a format error. */
function listOf<T>(body: { data?: { data?: T[] } } | undefined): T[] {
  const list = body?.data?.data;
  if (!Array.isArray(list)) throw new Error('Unexpected location list');
  return list;
}

export async function listProvinces(): Promise<Province[]> {
  return listOf((await publicClient.get<ProvinceList>('/order/address/address-form-data/provinces/')).data);
}

export async function listDistricts(provinceId: number): Promise<District[]> {
  return listOf(
    (await publicClient.get<DistrictList>(`/order/address/provinces/${provinceId}/districts/`)).data,
  );
}

export async function listMunicipalities(districtId: number): Promise<Municipality[]> {
  return listOf(
    (await publicClient.get<MunicipalityList>(`/order/address/districts/${districtId}/municipalities/`)).data,
  );
}

/** data.data.delivery_stations: nearest first; empty when nobody delivers there. */
export async function listStations(place: {
  municipality: number;
  district: number | null;
  province: number | null;
}): Promise<DeliveryStation[]> {
  const res = await publicClient.get<NearestStationsResponse>('/order/address/nearest-delivery-stations/', {
    params: {
      municipality_id: place.municipality,
      district_id: place.district ?? '',
      province_id: place.province ?? '',
    },
  });
  const list = res.data?.data?.delivery_stations;
  if (!Array.isArray(list)) throw new Error('Unexpected station list');
  return list;
}
