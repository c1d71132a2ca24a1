import { SelectField } from '../../components/console/fields';
import { useRequest } from '../../lib/use-request';
import { listDistricts, listMunicipalities, listProvinces } from './admin-catalog-api';

export interface LocalLevel {
  province_id: number | null;
  district_id: number | null;
  municipality_id: number | null;
  /** "Municipality, District" once one is chosen. */
  name: string;
  district: string;
}

export const noLocalLevel: LocalLevel = {
  province_id: null,
  district_id: null,
  municipality_id: null,
  name: '',
  district: '',
};

interface LocalLevelPickerProps {
  /** Names the three selects: "Province (station)" etc. */
  purpose: string;
  value: LocalLevel;
  onChange(value: LocalLevel): void;
  error?: string;
}

/** Province → district → local level, each list loaded when the one above is chosen. */
export function LocalLevelPicker({ purpose, value, onChange, error }: LocalLevelPickerProps) {
  const provinces = useRequest(() => listProvinces(), []);
  const districts = useRequest(
    () => (value.province_id ? listDistricts(value.province_id) : Promise.resolve([])),
    [value.province_id],
  );
  const municipalities = useRequest(
    () => (value.district_id ? listMunicipalities(value.district_id) : Promise.resolve([])),
    [value.district_id],
  );
  const id = (text: string) => (text ? Number(text) : null);
  return (
    <div className="row">
      <SelectField
        label={`Province (${purpose})`}
        className="col-sm-4 mb-3"
        value={value.province_id ? String(value.province_id) : ''}
        onChange={(p) => onChange({ ...noLocalLevel, province_id: id(p) })}
      >
        <option value="">Choose</option>
        {(provinces.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={`District (${purpose})`}
        className="col-sm-4 mb-3"
        value={value.district_id ? String(value.district_id) : ''}
        onChange={(d) =>
          onChange({
            ...noLocalLevel,
            province_id: value.province_id,
            district_id: id(d),
            district: districts.data?.find((x) => String(x.id) === d)?.name ?? '',
          })
        }
      >
        <option value="">Choose</option>
        {(districts.data ?? []).map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={`Local level (${purpose})`}
        className="col-sm-4 mb-3"
        value={value.municipality_id ? String(value.municipality_id) : ''}
        error={error}
        onChange={(m) =>
          onChange({
            ...value,
            municipality_id: id(m),
            name: municipalities.data?.find((x) => String(x.id) === m)?.name ?? '',
          })
        }
      >
        <option value="">Choose</option>
        {(municipalities.data ?? []).map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
