import type { AdminProduct } from '@pasal/contract/admin-products';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { currentAfterConflict } from '../../components/console/form-values';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { formatRupees } from '../admin/format';
import { getCategoryTree, getProduct, updateProduct } from './admin-catalog-api';
import { ProductFormView } from './product-form-view';
import { ProductImages } from './product-images';
import { SizesPanel } from './sizes-panel';
import { StockPanel } from './stock-panel';

/** /admin/products/new and /admin/products/:id: the product's details, pictures and stock. */
export function ProductPage() {
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const navigate = useNavigate();
  const tree = useRequest((signal) => getCategoryTree(signal), []);
  const loaded = useRequest(
    (signal) => (creating ? Promise.resolve(undefined) : getProduct(Number(id), signal)),
    [id],
  );
  const [product, setProduct] = useState<AdminProduct>();
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState(false);

  useEffect(() => setProduct(loaded.data?.product), [loaded.data]);

  const title = creating ? 'New product' : (product?.title ?? 'Product');
  useEffect(() => {
    document.title = `${title} | Console | Pasal`;
  }, [title]);

  const setActive = async (active: boolean) => {
    if (!product) return;
    setSwitching(true);
    try {
      const answer = await updateProduct(product.id, { version: product.version, is_active: active });
      setProduct(answer.product);
      toast.success(active ? 'Product is shown in the shop again' : 'Product hidden from the shop');
    } catch (error) {
      const current = currentAfterConflict<AdminProduct>(error);
      if (current) setProduct(current);
      toast.error(errorMessage(error, 'Could not change the product'));
    } finally {
      setSwitching(false);
      setConfirming(false);
    }
  };

  if (!creating && loaded.error) {
    return (
      <p role="alert" className="text-danger">
        {errorMessage(loaded.error, 'Could not load the product')}
      </p>
    );
  }
  if ((!creating && !product) || !tree.data) return <p aria-live="polite">Loading…</p>;

  return (
    <article aria-labelledby="product-heading">
      <p className="mb-2">
        <Link to="/admin/products">← Products</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="product-heading" className="h3 mb-0 me-auto">
          {title}
        </h1>
        {product ? (
          <>
            <Badge bg={product.is_active ? 'success' : 'secondary'}>
              {product.is_active ? 'Active' : 'Inactive'}
            </Badge>
            <span>
              Price now {formatRupees(product.current_price)} · version {product.version}
            </span>
            {product.is_active ? (
              <Button
                variant="outline-danger"
                size="sm"
                onClick={() => setConfirming(true)}
                disabled={switching}
              >
                Deactivate
              </Button>
            ) : (
              <Button
                variant="outline-success"
                size="sm"
                onClick={() => void setActive(true)}
                disabled={switching}
              >
                Activate
              </Button>
            )}
          </>
        ) : null}
      </div>
      <div className="row g-4">
        <div className="col-lg-7">
          <ProductFormView
            key={product ? `${product.id}-${product.version}` : 'new'}
            product={product}
            tree={tree.data.results}
            onSaved={(saved, created) => {
              setProduct(saved);
              if (created) navigate(`/admin/products/${saved.id}`, { replace: true });
            }}
          />
        </div>
        <div className="col-lg-5">
          {product ? (
            <>
              <ProductImages
                productId={product.id}
                productTitle={product.title}
                images={product.images}
                onChange={(images) => setProduct((p) => (p ? { ...p, images } : p))}
              />
              <StockPanel product={product} onChange={setProduct} />
              <SizesPanel product={product} onChange={setProduct} />
            </>
          ) : (
            <p className="text-body-secondary">
              Pictures and stock adjustments come after the product is created.
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        show={confirming}
        title="Deactivate this product?"
        confirmLabel="Deactivate"
        busy={switching}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void setActive(false)}
      >
        It disappears from the shop at once. Orders keep it, and carts show it as unavailable.
      </ConfirmDialog>
    </article>
  );
}
