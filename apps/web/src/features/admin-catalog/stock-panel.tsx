import type { AdminProduct } from '@pasal/contract/admin-products';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { toast } from 'react-toastify';
import { InputField, SelectField } from '../../components/console/fields';
import { type FieldErrors, fieldErrorsOf } from '../../components/console/form-values';
import { Pager } from '../../components/console/pager';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { formatNepalTime } from '../admin/format';
import { adjustStock, listStockMovements } from './admin-catalog-api';
import { emptyStockForm, type StockFormValues, stockBody } from './stock-form';

interface StockPanelProps {
  product: AdminProduct;
  onChange(product: AdminProduct): void;
}

/** The stock now, an adjustment with its reason, and the movements so far. */
export function StockPanel({ product, onChange }: StockPanelProps) {
  const [values, setValues] = useState<StockFormValues>(emptyStockForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const movements = useRequest(
    (signal) => listStockMovements(product.id, page, signal),
    [product.id, page, reload],
  );

  const submit = async () => {
    const checked = stockBody(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await adjustStock(product.id, checked.body);
      onChange(answer.product);
      setValues(emptyStockForm);
      setPage(1);
      setReload((n) => n + 1);
      toast.success(`Stock is now ${answer.product.stock}`);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ amount: fields.delta ?? fields.set, reason: fields.reason });
      toast.error(errorMessage(error, 'Could not adjust the stock'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="stock-heading" className="mb-4">
      <h2 id="stock-heading" className="h5">
        Stock
      </h2>
      <p>
        In stock now: <strong>{product.stock}</strong> (low below {product.low_stock_threshold})
      </p>
      <Form
        noValidate
        aria-label="Adjust the stock"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="row">
          <SelectField
            label="Adjustment"
            className="col-sm-4 mb-3"
            value={values.mode}
            onChange={(mode) => setValues((v) => ({ ...v, mode: mode as StockFormValues['mode'] }))}
          >
            <option value="delta">Add or take away units</option>
            <option value="set">Set the counted stock</option>
          </SelectField>
          <InputField
            label={values.mode === 'set' ? 'Counted stock' : 'Units (negative takes away)'}
            inputMode="numeric"
            className="col-sm-3 mb-3"
            value={values.amount}
            onChange={(amount) => setValues((v) => ({ ...v, amount }))}
            error={errors.amount}
          />
          <InputField
            label="Reason"
            className="col-sm-5 mb-3"
            value={values.reason}
            onChange={(reason) => setValues((v) => ({ ...v, reason }))}
            error={errors.reason}
          />
        </div>
        <Button type="submit" variant="outline-success" disabled={saving}>
          {saving ? 'Saving…' : 'Adjust stock'}
        </Button>
      </Form>
      <h3 className="h6 mt-4">Stock movements</h3>
      {movements.data?.results.length ? (
        <div className="table-responsive">
          <Table size="sm">
            <thead>
              <tr>
                <th scope="col">When (Nepal time)</th>
                <th scope="col" className="text-end">
                  Change
                </th>
                <th scope="col" className="text-end">
                  Stock after
                </th>
                <th scope="col">Reason</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {movements.data.results.map((m) => (
                <tr key={m.id}>
                  <td className="text-nowrap">{formatNepalTime(m.created_at)}</td>
                  <td className="text-end">{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
                  <td className="text-end">{m.stock_after}</td>
                  <td>
                    {m.kind === 'initial' ? `Initial stock${m.reason ? `: ${m.reason}` : ''}` : m.reason}
                  </td>
                  <td>{m.staff?.name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : (
        <p>{movements.loading ? 'Loading…' : 'No stock movements yet.'}</p>
      )}
      {movements.data ? (
        <Pager
          label="Stock movement pages"
          page={page}
          pageSize={movements.data.page_size}
          count={movements.data.count}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
