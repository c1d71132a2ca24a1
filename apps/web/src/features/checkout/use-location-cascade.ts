import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { t } from '../../i18n/i18n';
import { CHECKOUT_TEXTS } from './checkout-texts';
import {
  type DeliveryStation,
  type District,
  listDistricts,
  listMunicipalities,
  listProvinces,
  listStations,
  type Municipality,
  type Province,
} from './locations-api';

export interface Cascade {
  provinces: Province[];
  districts: District[];
  municipalities: Municipality[];
  stations: DeliveryStation[];
  /** The stations of the chosen local level were read (an empty list then means nobody delivers). */
  stationsLoaded: boolean;
}

const EMPTY: Cascade = {
  provinces: [],
  districts: [],
  municipalities: [],
  stations: [],
  stationsLoaded: false,
};

type Place = { province: number | null; district: number | null; municipality: number | null };

/**
 * Province → district → local level → station (shopping.md §4 Address modal): choosing a level
 * loads the next and clears everything below it. Answers for an earlier choice are dropped.
 */
export function useLocationCascade() {
  const [lists, setLists] = useState<Cascade>(EMPTY);
  const turn = useRef({ districts: 0, municipalities: 0, stations: 0 });

  const loadProvinces = useCallback(async () => {
    try {
      const provinces = await listProvinces();
      setLists((l) => ({ ...l, provinces }));
    } catch {
      toast.error(t(CHECKOUT_TEXTS.provincesFailed), { toastId: 'provinces-failed' });
    }
  }, []);

  const loadDistricts = useCallback(async (province: number) => {
    const mine = ++turn.current.districts;
    try {
      const districts = await listDistricts(province);
      if (mine === turn.current.districts) setLists((l) => ({ ...l, districts }));
    } catch {
      toast.error(t(CHECKOUT_TEXTS.districtsFailed), { toastId: 'districts-failed' });
    }
  }, []);

  const loadMunicipalities = useCallback(async (district: number) => {
    const mine = ++turn.current.municipalities;
    try {
      const municipalities = await listMunicipalities(district);
      if (mine === turn.current.municipalities) setLists((l) => ({ ...l, municipalities }));
    } catch {
      toast.error(t(CHECKOUT_TEXTS.municipalitiesFailed), { toastId: 'municipalities-failed' });
    }
  }, []);

  const loadStations = useCallback(async (place: Place & { municipality: number }) => {
    const mine = ++turn.current.stations;
    try {
      const stations = await listStations(place);
      if (mine === turn.current.stations) setLists((l) => ({ ...l, stations, stationsLoaded: true }));
    } catch {
      toast.error(t(CHECKOUT_TEXTS.stationsFailed), { toastId: 'stations-failed' });
    }
  }, []);

  /** A new province: districts load; local levels and stations are cleared. */
  const provinceChosen = useCallback(
    (province: number | null) => {
      turn.current.municipalities++;
      turn.current.stations++;
      setLists((l) => ({ ...l, districts: [], municipalities: [], stations: [], stationsLoaded: false }));
      if (province !== null) void loadDistricts(province);
    },
    [loadDistricts],
  );

  const districtChosen = useCallback(
    (district: number | null) => {
      turn.current.stations++;
      setLists((l) => ({ ...l, municipalities: [], stations: [], stationsLoaded: false }));
      if (district !== null) void loadMunicipalities(district);
    },
    [loadMunicipalities],
  );

  const municipalityChosen = useCallback(
    (place: Place) => {
      setLists((l) => ({ ...l, stations: [], stationsLoaded: false }));
      if (place.municipality !== null) void loadStations({ ...place, municipality: place.municipality });
      else turn.current.stations++;
    },
    [loadStations],
  );

  /** Add mode: the provinces only. Edit mode: every list of the saved place, at once. */
  const open = useCallback(
    (place: Place | null) => {
      turn.current.districts++;
      turn.current.municipalities++;
      turn.current.stations++;
      setLists(EMPTY);
      void loadProvinces();
      if (!place) return;
      if (place.province !== null) void loadDistricts(place.province);
      if (place.district !== null) void loadMunicipalities(place.district);
      if (place.municipality !== null) void loadStations({ ...place, municipality: place.municipality });
    },
    [loadProvinces, loadDistricts, loadMunicipalities, loadStations],
  );

  return { lists, open, provinceChosen, districtChosen, municipalityChosen };
}
