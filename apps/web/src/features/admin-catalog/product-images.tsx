import {
  type AdminProductImage,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
} from '@pasal/contract/admin-products';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/console/confirm-dialog';
import { useDeleteDialog } from '../../components/console/use-delete-dialog';
import { useListChange } from '../../components/console/use-list-change';
import {
  addProductImage,
  deleteProductImage,
  reorderProductImages,
  setPrimaryImage,
} from './admin-catalog-api';

interface ProductImagesProps {
  productId: number;
  productTitle: string;
  images: AdminProductImage[];
  onChange(images: AdminProductImage[]): void;
}

/** Moves one id a step up (-1) or down (+1) in the list. */
export function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const to = index + step;
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The product's pictures: upload, order, the primary one, delete. */
export function ProductImages({ productId, productTitle, images, onChange }: ProductImagesProps) {
  const inputId = useId();
  const change = useListChange<{ images: AdminProductImage[] }>({
    failed: 'Could not change the pictures',
    current: (now) => onChange(now.images),
  });
  const busy = change.busy;
  /** Every change answers with the product's pictures as they are now. */
  const run = (action: () => Promise<{ images: AdminProductImage[] }>, done: string) =>
    change.run(async () => onChange((await action()).images), done);
  const deleting = useDeleteDialog(
    (image: AdminProductImage) => run(() => deleteProductImage(productId, image.id), 'Picture deleted'),
    { closeFirst: true },
  );

  const upload = (file: File) => {
    if (file.size > MAX_PRODUCT_IMAGE_BYTES) {
      toast.error('The picture must be under 10 MB');
      return;
    }
    void run(() => addProductImage(productId, file), 'Picture added');
  };

  return (
    <section aria-labelledby="images-heading" className="mb-4">
      <h2 id="images-heading" className="h5">
        Pictures
      </h2>
      <p className="small text-body-secondary">
        JPEG, PNG, WebP, GIF or AVIF under 10 MB; at most {MAX_PRODUCT_IMAGES}. The primary picture is the one
        shoppers see first.
      </p>
      {images.length ? (
        <ol className="list-unstyled d-flex flex-wrap gap-3">
          {images.map((image, index) => (
            <li key={image.id} className="border rounded p-2 text-center" style={{ width: 150 }}>
              <img
                src={image.thumbnail}
                alt={`${productTitle} (${index + 1} of ${images.length})`}
                width={120}
                height={120}
                className="d-block mx-auto mb-1"
              />
              {image.is_primary ? <Badge bg="success">Primary</Badge> : null}
              <div className="d-flex flex-wrap justify-content-center gap-1 mt-1">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy || index === 0}
                  aria-label={`Move picture ${index + 1} earlier`}
                  onClick={() =>
                    void run(
                      () =>
                        reorderProductImages(
                          productId,
                          moved(
                            images.map((i) => i.id),
                            index,
                            -1,
                          ),
                        ),
                      'Pictures reordered',
                    )
                  }
                >
                  ←
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busy || index === images.length - 1}
                  aria-label={`Move picture ${index + 1} later`}
                  onClick={() =>
                    void run(
                      () =>
                        reorderProductImages(
                          productId,
                          moved(
                            images.map((i) => i.id),
                            index,
                            1,
                          ),
                        ),
                      'Pictures reordered',
                    )
                  }
                >
                  →
                </Button>
                {image.is_primary ? null : (
                  <Button
                    size="sm"
                    variant="outline-success"
                    disabled={busy}
                    aria-label={`Make picture ${index + 1} the primary`}
                    onClick={() =>
                      void run(() => setPrimaryImage(productId, image.id), 'Primary picture chosen')
                    }
                  >
                    Primary
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busy}
                  aria-label={`Delete picture ${index + 1}`}
                  onClick={() => deleting.ask(image)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p>No pictures yet.</p>
      )}
      {images.length < MAX_PRODUCT_IMAGES ? (
        <div>
          <label htmlFor={inputId} className="form-label">
            Add a picture
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="form-control"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload(file);
            }}
          />
        </div>
      ) : null}
      <ConfirmDialog
        show={deleting.show}
        title="Delete this picture?"
        confirmLabel="Delete picture"
        busy={busy}
        onCancel={deleting.onCancel}
        onConfirm={deleting.onConfirm}
      >
        The picture is removed from the product. Orders that show it keep their copy.
      </ConfirmDialog>
    </section>
  );
}
