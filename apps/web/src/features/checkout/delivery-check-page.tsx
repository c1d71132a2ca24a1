import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { localName } from '../../i18n/local-name';
import { useTranslation } from '../../i18n/use-translation';
import { CascadeSelect } from './cascade-select';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { useLocationCascade } from './use-location-cascade';

type Place = { province: number | null; district: number | null; municipality: number | null };
const NONE: Place = { province: null, district: null, municipality: null };

/**
 * /delivery-check: a visitor finds out whether Pasal delivers to their local level before they
 * shop (issue 24), with the address form's own cascade and the same public station list.
 */
export function DeliveryCheckPage() {
  const { t } = useTranslation();
  const cascade = useLocationCascade();
  const { lists } = cascade;
  const [place, setPlace] = useState<Place>(NONE);
  const { open } = cascade;

  useEffect(() => {
    open(null);
  }, [open]);

  const chosen = lists.municipalities.find((m) => m.id === place.municipality);
  const nearest = lists.stations[0];
  const answered = chosen !== undefined && lists.stationsLoaded;

  return (
    <section className="container-xl py-4" aria-labelledby="delivery-check-title">
      <h1 id="delivery-check-title" className="h4">
        {t('Do we deliver to you?')}
      </h1>
      <p className="text-body-secondary">
        {t('Choose your local level to see whether Pasal delivers there, before you shop.')}
      </p>
      <div className="delivery-check-form">
        <CascadeSelect
          id="check-province"
          label={t('Province')}
          placeholder={t('Select province')}
          value={place.province}
          options={lists.provinces}
          onChange={(province) => {
            setPlace({ province, district: null, municipality: null });
            cascade.provinceChosen(province);
          }}
        />
        <CascadeSelect
          id="check-district"
          label={t('District')}
          placeholder={t('Select district')}
          disabled={place.province === null}
          value={place.district}
          options={lists.districts}
          onChange={(district) => {
            setPlace((p) => ({ ...p, district, municipality: null }));
            cascade.districtChosen(district);
          }}
        />
        <CascadeSelect
          id="check-municipality"
          label={t('Municipality')}
          placeholder={t('Select municipality')}
          disabled={place.district === null}
          value={place.municipality}
          options={lists.municipalities}
          onChange={(municipality) => {
            setPlace((p) => ({ ...p, municipality }));
            cascade.municipalityChosen({ ...place, municipality });
          }}
        />
      </div>
      <div role="status" className="mt-3">
        {answered &&
          (nearest ? (
            <div className="alert alert-success mb-0">
              <p className="mb-2">
                {t('Yes, we deliver to {{place}}, from {{station}} ({{distance, n}} km away).', {
                  place: localName(chosen.name, chosen.name_ne).text,
                  station: nearest.name,
                  distance: nearest.distance,
                })}
              </p>
              <Link to="/" className="btn btn-success btn-sm">
                {t('Start shopping')}
              </Link>
            </div>
          ) : (
            <p className="alert alert-warning mb-0">{t(CHECKOUT_TEXTS.noStations)}</p>
          ))}
      </div>
    </section>
  );
}
