import type { ShopSettings, ShopSettingsResponse } from '@pasal/contract/invoices';
import NepaliDate from 'nepali-date-converter';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from 'react-toastify';
import { InputField, SelectField } from '../../../components/console/fields';
import { errorMessage } from '../../../lib/api-client';
import { adminSend } from '../admin-api';
import { useAdminData } from '../use-admin-data';
import { adminDownload } from './admin-download';

const BS_MONTHS = [
  'Baisakh',
  'Jestha',
  'Asar',
  'Shrawan',
  'Bhadra',
  'Asoj',
  'Kartik',
  'Mangsir',
  'Poush',
  'Magh',
  'Falgun',
  'Chaitra',
];

/** /admin/vat: the shop's details printed on tax invoices, and the sales register per BS month. */
export function VatPage() {
  return (
    <>
      <h1 className="h3 mb-3">VAT and invoices</h1>
      <ShopDetails />
      <SalesRegister />
    </>
  );
}

function ShopDetails() {
  const { data, problem, setData } = useAdminData<ShopSettingsResponse>('/settings/shop/');
  const [values, setValues] = useState({ legal_name: '', address: '', pan: '' });
  const [saving, setSaving] = useState(false);
  const settings = data?.settings;
  useEffect(() => {
    if (settings)
      setValues({ legal_name: settings.legal_name, address: settings.address, pan: settings.pan });
  }, [settings]);
  if (problem) return <p role="alert">{problem.message}</p>;
  if (!settings) return <p>Loading…</p>;
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const save = async () => {
    setSaving(true);
    try {
      const answer = await adminSend<{ settings: ShopSettings }>('put', '/settings/shop/', {
        ...values,
        version: settings.version,
      });
      setData(answer);
      toast.success('Shop details saved. Invoices issued from now on carry them.');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the shop details.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card mb-4" aria-labelledby="shop-details-heading">
      <Form
        className="card-body"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 id="shop-details-heading" className="h5">
          Shop details on tax invoices
        </h2>
        <div className="row">
          <InputField
            label="Legal name"
            className="col-md-6 mb-3"
            value={values.legal_name}
            onChange={set('legal_name')}
          />
          <InputField
            label="PAN/VAT number"
            inputMode="numeric"
            hint="9 digits"
            className="col-md-6 mb-3"
            value={values.pan}
            onChange={set('pan')}
          />
          <InputField
            label="Address"
            className="col-12 mb-3"
            value={values.address}
            onChange={set('address')}
          />
        </div>
        <Button type="submit" variant="success" disabled={saving}>
          {saving ? 'Saving…' : 'Save shop details'}
        </Button>
      </Form>
    </section>
  );
}

function SalesRegister() {
  const today = new NepaliDate(new Date());
  const [year, setYear] = useState(String(today.getYear()));
  const [month, setMonth] = useState(String(today.getMonth() + 1));
  const [busy, setBusy] = useState(false);
  const download = async () => {
    const chosen = `${year.trim()}-${month.padStart(2, '0')}`;
    setBusy(true);
    try {
      await adminDownload('/sales-register/', `sales-register-${chosen}.csv`, { month: chosen });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not download the sales register.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card mb-4" aria-labelledby="sales-register-heading">
      <div className="card-body">
        <h2 id="sales-register-heading" className="h5">
          Sales register
        </h2>
        <p>
          Every tax invoice issued in a Bikram Sambat month, as CSV for a spreadsheet: number, date, buyer,
          taxable and exempt amounts, VAT and total. Cancelled invoices are listed and marked.
        </p>
        <div className="row align-items-end">
          <InputField
            label="Year (BS)"
            inputMode="numeric"
            className="col-6 col-md-3 mb-3"
            value={year}
            onChange={setYear}
          />
          <SelectField label="Month" className="col-6 col-md-3 mb-3" value={month} onChange={setMonth}>
            {BS_MONTHS.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </SelectField>
          <div className="col-12 col-md-3 mb-3">
            <Button variant="success" disabled={busy} onClick={() => void download()}>
              {busy ? 'Downloading…' : 'Download CSV'}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
