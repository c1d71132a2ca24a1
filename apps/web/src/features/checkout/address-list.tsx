import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify';
import { useTranslation } from '../../i18n/use-translation';
import { placeLine } from '../../lib/place-line';
import { type Address, deleteAddress } from './addresses-api';
import { CHECKOUT_TEXTS } from './checkout-texts';

interface Props {
  addresses: Address[];
  loading: boolean;
  selectedId: number | null;
  onSelect(id: number): void;
  onAdd(): void;
  onEdit(address: Address): void;
  onDeleted(id: number): void;
}

/** The delivery address list: choose one, add, edit, delete (after asking). */
export function AddressList({ addresses, loading, selectedId, onSelect, onAdd, onEdit, onDeleted }: Props) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting || busy) return;
    setBusy(true);
    try {
      await deleteAddress(deleting.id);
      toast.success(t(CHECKOUT_TEXTS.deleted));
      onDeleted(deleting.id);
      setDeleting(null);
    } catch {
      toast.error(t(CHECKOUT_TEXTS.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card mb-3" aria-labelledby="addresses-title">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <h2 id="addresses-title" className="h5 mb-0">
            {t('Delivery Address')}
          </h2>
          <button type="button" className="btn btn-success btn-sm" onClick={onAdd}>
            {t('Add New Address')}
          </button>
        </div>
        {loading && addresses.length === 0 ? (
          <p className="text-body-secondary mb-0" role="status">
            {t('Loading addresses...')}
          </p>
        ) : addresses.length === 0 ? (
          <p className="mb-0">{t(CHECKOUT_TEXTS.noAddress)}</p>
        ) : (
          <fieldset>
            <legend className="visually-hidden">{t('Choose a delivery address')}</legend>
            <ul className="list-unstyled mb-0 d-grid gap-2">
              {addresses.map((a) => {
                const id = `address-${a.id}`;
                const chosen = a.id === selectedId;
                return (
                  <li key={a.id} className={`border rounded p-2 ${chosen ? 'border-success' : ''}`}>
                    <div className="form-check">
                      <input
                        className="form-check-input"
                        type="radio"
                        name="delivery-address"
                        id={id}
                        checked={chosen}
                        onChange={() => onSelect(a.id)}
                        aria-describedby={`${id}-place`}
                      />
                      <label className="form-check-label fw-semibold" htmlFor={id}>
                        {a.full_name} <span className="badge text-bg-secondary">{t(a.address_type)}</span>{' '}
                        {a.is_default && <span className="badge text-bg-success">{t('Default')}</span>}
                      </label>
                      <p id={`${id}-place`} className="small mb-1 text-break">
                        {placeLine(a)}
                        <br />
                        {t('Phone: {{phone}}', { phone: a.phone })}
                        {a.nearest_branch
                          ? ` · ${t('Station: {{station}}', { station: a.nearest_branch })}`
                          : ''}
                      </p>
                      {!a.is_deliverable && (
                        <p className="small text-danger-emphasis mb-1">{t(CHECKOUT_TEXTS.noStations)}</p>
                      )}
                      <div className="d-flex gap-2">
                        <button
                          type="button"
                          className="btn btn-sm btn-secondary"
                          aria-label={t('Edit address of {{name}}, {{place}}', {
                            name: a.full_name,
                            place: a.location,
                          })}
                          onClick={() => onEdit(a)}
                        >
                          {t('Edit')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-danger"
                          aria-label={t('Delete address of {{name}}, {{place}}', {
                            name: a.full_name,
                            place: a.location,
                          })}
                          onClick={() => setDeleting(a)}
                        >
                          {t('Delete')}
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
      </div>
      <Modal
        show={deleting !== null}
        onHide={() => setDeleting(null)}
        centered
        aria-labelledby="delete-address-title"
      >
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="delete-address-title" as="h2" className="h5">
            {t('Delete address')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t(CHECKOUT_TEXTS.confirmDelete)}</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={() => setDeleting(null)}>
            {t('Cancel')}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={confirmDelete}>
            {t('Delete')}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
