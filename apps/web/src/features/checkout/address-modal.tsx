import { ADDRESS_TYPES } from '@pasal/contract/addresses';
import { type FormEvent, useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { type Address, type AddressInput, createAddress, updateAddress } from './addresses-api';
import { CascadeSelect } from './cascade-select';
import { refusalOf } from './checkout-api';
import { CHECKOUT_TEXTS } from './checkout-texts';
import { useLocationCascade } from './use-location-cascade';

const BLANK: AddressInput = {
  address_type: 'Home',
  full_name: '',
  phone: '',
  location: '',
  land_mark: '',
  province: null,
  district: null,
  municipality: null,
  nearest_branch: null,
  is_default: false,
};

const fromAddress = (a: Address): AddressInput => ({
  address_type: a.address_type,
  full_name: a.full_name,
  phone: a.phone,
  location: a.location,
  land_mark: a.land_mark,
  province: a.province_id,
  district: a.district_id,
  municipality: a.municipality_id,
  nearest_branch: a.nearest_branch_id,
  is_default: a.is_default,
});

interface Props {
  /** Open: null to add an address, an address to edit it. Closed: undefined. */
  editing: Address | null | undefined;
  onHide(): void;
  onSaved(address: Address): void;
}

/** The add/edit address modal with the province → district → local level → station cascade. */
export function AddressModal({ editing, onHide, onSaved }: Props) {
  const { t } = useTranslation();
  const show = editing !== undefined;
  const [form, setForm] = useState<AddressInput>(BLANK);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const cascade = useLocationCascade();
  const { lists } = cascade;

  const openCascade = cascade.open;
  useEffect(() => {
    if (!show) return;
    const start = editing ? fromAddress(editing) : BLANK;
    setForm(start);
    setProblem(null);
    openCascade(editing ? start : null);
  }, [show, editing, openCascade]);

  const set = <K extends keyof AddressInput>(key: K, value: AddressInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // shopping.md §5: full name, phone, location and the province (and the district in the form).
    if (
      !form.full_name.trim() ||
      !form.phone.trim() ||
      !form.location.trim() ||
      !form.province ||
      !form.district
    ) {
      setProblem(t(CHECKOUT_TEXTS.requiredFields));
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = editing ? await updateAddress(editing.id, form) : await createAddress(form);
      toast.success(t(editing ? CHECKOUT_TEXTS.updated : CHECKOUT_TEXTS.added));
      onSaved(saved);
    } catch (error) {
      // The server's reason (a phone it does not accept, a missing local level) shows in the form.
      const reason = refusalOf(error)?.message;
      setProblem(reason ? translateText(reason) : null);
      toast.error(t(editing ? CHECKOUT_TEXTS.updateFailed : CHECKOUT_TEXTS.addFailed));
    } finally {
      setSaving(false);
    }
  }

  const noStations = form.municipality !== null && lists.stationsLoaded && lists.stations.length === 0;
  const title = editing ? t('Edit Address') : t('Add New Address');
  return (
    <Modal show={show} onHide={onHide} centered size="lg" aria-labelledby="address-modal-title">
      <form onSubmit={save} noValidate>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="address-modal-title" as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && (
            <div className="alert alert-danger py-2" role="alert">
              {problem}
            </div>
          )}
          <p className="small text-body-secondary">{t('Fields marked * are required.')}</p>
          <div className="row g-3">
            <div className="col-12 col-md-4">
              <label htmlFor="address-type" className="form-label">
                {t('Address type')}
              </label>
              <select
                id="address-type"
                className="form-select"
                value={form.address_type}
                onChange={(e) => set('address_type', e.target.value as AddressInput['address_type'])}
              >
                {ADDRESS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(type)}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-12 col-md-8">
              <label htmlFor="address-full-name" className="form-label">
                {t('Full name *')}
              </label>
              <input
                id="address-full-name"
                className="form-control"
                autoComplete="name"
                maxLength={100}
                required
                value={form.full_name}
                onChange={(e) => set('full_name', e.target.value)}
              />
            </div>
            <div className="col-12 col-md-6">
              <label htmlFor="address-phone" className="form-label">
                {t('Phone *')}
              </label>
              <input
                id="address-phone"
                className="form-control"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={20}
                required
                value={form.phone}
                onChange={(e) => set('phone', e.target.value)}
              />
            </div>
            <div className="col-12 col-md-6">
              <label htmlFor="address-location" className="form-label">
                {t('Location (street, tole, house) *')}
              </label>
              <input
                id="address-location"
                className="form-control"
                autoComplete="street-address"
                maxLength={255}
                required
                value={form.location}
                onChange={(e) => set('location', e.target.value)}
              />
            </div>
            <div className="col-12">
              <label htmlFor="address-landmark" className="form-label">
                {t('Landmark')}
              </label>
              <input
                id="address-landmark"
                className="form-control"
                maxLength={255}
                value={form.land_mark}
                onChange={(e) => set('land_mark', e.target.value)}
              />
            </div>
            <CascadeSelect
              id="address-province"
              label={t('Province *')}
              placeholder={t('Select province')}
              required
              value={form.province}
              options={lists.provinces}
              onChange={(province) => {
                setForm((f) => ({
                  ...f,
                  province,
                  district: null,
                  municipality: null,
                  nearest_branch: null,
                }));
                cascade.provinceChosen(province);
              }}
            />
            <CascadeSelect
              id="address-district"
              label={t('District *')}
              placeholder={t('Select district')}
              required
              disabled={form.province === null}
              value={form.district}
              options={lists.districts}
              onChange={(district) => {
                setForm((f) => ({ ...f, district, municipality: null, nearest_branch: null }));
                cascade.districtChosen(district);
              }}
            />
            <CascadeSelect
              id="address-municipality"
              label={t('Municipality')}
              placeholder={t('Select municipality')}
              disabled={form.district === null}
              value={form.municipality}
              options={lists.municipalities}
              onChange={(municipality) => {
                setForm((f) => ({ ...f, municipality, nearest_branch: null }));
                cascade.municipalityChosen({
                  province: form.province,
                  district: form.district,
                  municipality,
                });
              }}
            />
            <CascadeSelect
              id="address-station"
              label={t('Delivery station')}
              placeholder={t('Nearest station')}
              disabled={form.municipality === null || noStations}
              describedBy={noStations ? 'address-no-stations' : undefined}
              value={form.nearest_branch}
              options={lists.stations}
              optionText={(s) => t('{{name}} ({{distance, n}} km)', { name: s.name, distance: s.distance })}
              onChange={(station) => set('nearest_branch', station)}
            >
              {noStations && (
                <p id="address-no-stations" className="small text-danger-emphasis mt-1 mb-0" role="status">
                  {t(CHECKOUT_TEXTS.noStations)}
                </p>
              )}
            </CascadeSelect>
            <div className="col-12">
              <div className="form-check">
                <input
                  id="address-default"
                  className="form-check-input"
                  type="checkbox"
                  checked={form.is_default}
                  onChange={(e) => set('is_default', e.target.checked)}
                />
                <label htmlFor="address-default" className="form-check-label">
                  {t('Use as my default address')}
                </label>
              </div>
            </div>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={onHide}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-success" disabled={saving}>
            {saving ? t('Saving…') : editing ? t('Update Address') : t('Save Address')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
