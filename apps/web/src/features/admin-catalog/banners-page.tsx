import type { AdminBanner } from '@pasal/contract/admin-banners';
import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '../../lib/api-client';
import { useRequest } from '../../lib/use-request';
import { ConfirmDialog } from '../admin/confirm-dialog';
import { RowActions } from '../admin/row-actions';
import {
  createBanner,
  deleteBanner,
  listBanners,
  reorderBanners,
  replaceBannerImage,
  updateBanner,
} from './admin-catalog-api';
import {
  BANNER_LABELS,
  type BannerBody,
  type BannerFormValues,
  bannerBody,
  bannerToForm,
} from './banner-form';
import { EditFormModal } from './edit-form-modal';
import { CheckField, InputField } from './fields';
import { moved } from './product-images';
import { useCatalogChange } from './use-catalog-change';
import { useDeleteDialog } from './use-delete-dialog';
import { useEditForm } from './use-edit-form';

async function saveBanner(body: BannerBody, banner: AdminBanner | undefined): Promise<AdminBanner> {
  if (body.kind === 'create') return (await createBanner(body.file, body.fields)).banner;
  if (!banner) throw new Error('No banner to edit');
  let saved = (await updateBanner(banner.id, body.patch)).banner;
  if (body.file) saved = (await replaceBannerImage(banner.id, body.file)).banner;
  return saved;
}

/** /admin/banners: the home page's banners, their order and whether they show. */
export function BannersPage() {
  const [reload, setReload] = useState(0);
  const loaded = useRequest((signal) => listBanners(signal), [reload]);
  const [banners, setBanners] = useState<AdminBanner[]>([]);
  const fileId = useId();
  useEffect(() => {
    if (loaded.data) setBanners(loaded.data.results);
  }, [loaded.data]);
  useEffect(() => {
    document.title = 'Banners | Console | Pasal';
  }, []);
  const refresh = () => setReload((n) => n + 1);

  const form = useEditForm<AdminBanner, BannerFormValues, BannerBody>({
    toForm: bannerToForm,
    toBody: bannerBody,
    save: saveBanner,
    saved: refresh,
    noun: 'Banner',
  });

  const { busy, run } = useCatalogChange<{ results: AdminBanner[] }>({
    failed: 'Could not change the banners',
    current: (now) => setBanners(now.results),
    after: refresh,
  });
  const deleting = useDeleteDialog(
    (banner: AdminBanner) => run(() => deleteBanner(banner.id, banner.version), 'Banner deleted'),
    { closeFirst: true },
  );

  return (
    <section aria-labelledby="banners-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 id="banners-heading" className="h3 mb-0">
          Banners
        </h1>
        <Button variant="success" onClick={() => form.start()}>
          New banner
        </Button>
      </div>
      {loaded.error ? (
        <p role="alert" className="text-danger">
          {errorMessage(loaded.error, 'Could not load the banners')}
        </p>
      ) : null}
      {banners.length ? (
        <ol className="list-unstyled">
          {banners.map((banner, index) => (
            <li key={banner.id} className="border rounded p-2 mb-2 d-flex flex-wrap gap-2 align-items-center">
              <img
                src={banner.image}
                alt=""
                width={160}
                height={50}
                className="rounded border object-fit-cover"
              />
              <div className="me-auto">
                <strong>{banner.title}</strong>{' '}
                <Badge bg={banner.is_active ? 'success' : 'secondary'}>
                  {banner.is_active ? 'Active' : 'Hidden'}
                </Badge>
                <div className="small text-body-secondary text-break">{banner.link ?? 'No link'}</div>
              </div>
              <RowActions
                name={banner.title}
                busy={busy}
                move={{
                  first: index === 0,
                  last: index === banners.length - 1,
                  onMove: (step) =>
                    void run(
                      () =>
                        reorderBanners({
                          banner_ids: moved(
                            banners.map((b) => b.id),
                            index,
                            step,
                          ),
                        }),
                      'Order saved',
                    ),
                }}
                onEdit={() => form.start(banner)}
                onDelete={() => deleting.ask(banner)}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p aria-live="polite">{loaded.loading ? 'Loading…' : 'No banners yet.'}</p>
      )}
      <EditFormModal
        form={form}
        title={form.record ? `Edit ${form.record.title}` : 'New banner'}
        createLabel="Create banner"
        labels={BANNER_LABELS}
      >
        <InputField
          label="Title"
          required
          value={form.values.title}
          onChange={form.set('title')}
          error={form.errors.title}
        />
        <InputField
          label="Link"
          hint="A shop path such as /viewallca/5, or an http(s) address; blank for none"
          value={form.values.link}
          onChange={form.set('link')}
          error={form.errors.link}
        />
        <InputField
          label="Position"
          inputMode="numeric"
          hint="Smaller comes first; left blank, after the others"
          value={form.values.position}
          onChange={form.set('position')}
          error={form.errors.position}
        />
        <CheckField
          label="Active (shown on the home page)"
          className="mb-3"
          checked={form.values.is_active}
          onChange={form.set('is_active')}
        />
        <div className="mb-3">
          <label htmlFor={fileId} className="form-label">
            {form.record ? 'Replace the picture (optional)' : 'Picture'}
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className={`form-control ${form.errors.image ? 'is-invalid' : ''}`}
            aria-describedby={`${fileId}-hint${form.errors.image ? ` ${fileId}-error` : ''}`}
            onChange={(e) => form.set('file')(e.target.files?.[0] ?? null)}
          />
          <div id={`${fileId}-hint`} className="form-text">
            Shown 1600×500, cropped around what draws the eye; under 10 MB.
          </div>
          {form.errors.image ? (
            <div id={`${fileId}-error`} className="invalid-feedback d-block" role="alert">
              {form.errors.image}
            </div>
          ) : null}
        </div>
      </EditFormModal>
      <ConfirmDialog
        show={deleting.show}
        title={`Delete ${deleting.target?.title ?? 'this banner'}?`}
        confirmLabel="Delete banner"
        busy={busy}
        onCancel={deleting.onCancel}
        onConfirm={deleting.onConfirm}
      >
        The banner and its picture are removed from the home page. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
