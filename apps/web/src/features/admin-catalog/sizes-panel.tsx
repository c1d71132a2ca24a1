import type { AdminProduct } from '@pasal/contract/admin-products';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { currentAfterConflict, fieldErrorsOf } from '../../components/console/form-values';
import { errorMessage } from '../../lib/api-client';
import { updateProduct } from './admin-catalog-api';
import type { PickedProduct } from './flash-sale-form';
import { ProductPicker } from './product-picker';

interface SizesPanelProps {
  product: AdminProduct;
  onChange(product: AdminProduct): void;
}

/**
 * The other sizes of the same item (decision 052): this product joins another's size group, or
 * leaves its own. Each size stays its own product, with its own price and stock.
 */
export function SizesPanel({ product, onChange }: SizesPanelProps) {
  const [picked, setPicked] = useState<PickedProduct | null>(null);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (sizesOf: number | null) => {
    setSaving(true);
    setError(undefined);
    try {
      const answer = await updateProduct(product.id, { version: product.version, sizes_of: sizesOf });
      onChange(answer.product);
      setPicked(null);
      toast.success(sizesOf === null ? 'No longer a size of another product' : 'Sizes grouped');
    } catch (failure) {
      const current = currentAfterConflict<AdminProduct>(failure);
      if (current) onChange(current);
      setError(fieldErrorsOf(failure).sizes_of);
      toast.error(errorMessage(failure, 'Could not change the sizes'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="sizes-heading" className="mb-4">
      <h2 id="sizes-heading" className="h5">
        Sizes
      </h2>
      {product.sizes.length > 0 ? (
        <>
          <p className="mb-1">Other sizes of this item:</p>
          <ul>
            {product.sizes.map((size) => (
              <li key={size.id}>
                <Link to={`/admin/products/${size.id}`}>{size.title}</Link>
                {size.unit ? ` · ${size.unit}` : ''}
                {size.is_active ? '' : ' (inactive)'}
              </li>
            ))}
          </ul>
          <Button variant="outline-danger" size="sm" disabled={saving} onClick={() => void save(null)}>
            Remove from these sizes
          </Button>
        </>
      ) : (
        <p className="text-body-secondary">
          Sold in one size. Choose another product to show them as sizes of one item.
        </p>
      )}
      <form
        className="mt-3"
        aria-label="Make this a size of another product"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) void save(picked.id);
        }}
      >
        <ProductPicker value={picked} onChange={setPicked} error={error} />
        <Button type="submit" variant="outline-success" disabled={saving || !picked}>
          {saving ? 'Saving…' : 'Make a size of the chosen product'}
        </Button>
      </form>
    </section>
  );
}
