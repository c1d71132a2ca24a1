import { useState } from 'react';
import { InputField, SelectField } from '../../components/console/fields';
import { useRequest } from '../../lib/use-request';
import { formatRupees } from '../admin/format';
import { listProducts } from './admin-catalog-api';
import type { PickedProduct } from './flash-sale-form';

interface ProductPickerProps {
  value: PickedProduct | null;
  onChange(product: PickedProduct | null): void;
  error?: string;
}

/** Finds a product by title, slug or id and picks it from the matches. */
export function ProductPicker({ value, onChange, error }: ProductPickerProps) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  const found = useRequest(
    (signal) =>
      term
        ? listProducts({ q: term, page_size: '10', sort: 'title', order: 'asc' }, signal)
        : Promise.resolve(undefined),
    [term],
  );
  const options: PickedProduct[] = found.data?.results ?? [];
  const all = value && !options.some((p) => p.id === value.id) ? [value, ...options] : options;
  return (
    <div className="row">
      <InputField
        label="Find a product"
        type="search"
        className="col-sm-5 mb-3"
        hint={term && !found.loading ? `${found.data?.count ?? 0} found` : 'Title, slug or id'}
        value={search}
        onChange={setSearch}
      />
      <SelectField
        label="Product"
        className="col-sm-7 mb-3"
        value={value ? String(value.id) : ''}
        error={error}
        onChange={(id) => onChange(all.find((p) => String(p.id) === id) ?? null)}
      >
        <option value="">Choose a product</option>
        {all.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.title} (regular ${formatRupees(p.selling_price)})`}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
