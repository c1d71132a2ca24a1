import type { AdminBanner } from '@pasal/contract/admin-banners';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import { ConsoleScreen } from '../../components/console/console-screen';
import { FormFields } from '../../components/console/form-fields';
import { MissingNepaliBadge } from '../../components/console/missing-nepali-badge';
import { OrderedList, useOrderedList } from '../../components/console/ordered-list';
import { DeleteDialog, ResourceForm } from '../../components/console/resource-dialogs';
import { RowActions } from '../../components/console/row-actions';
import { useConsoleResource } from '../../components/console/use-console-resource';
import {
  createBanner,
  deleteBanner,
  listBanners,
  reorderBanners,
  replaceBannerImage,
  updateBanner,
} from './admin-catalog-api';
import {
  BANNER_FIELDS,
  BANNER_LABELS,
  type BannerBody,
  type BannerFormValues,
  bannerBody,
  bannerToForm,
} from './banner-form';
import { moved } from './product-images';

async function saveBanner(body: BannerBody, banner: AdminBanner | undefined): Promise<AdminBanner> {
  if (body.kind === 'create') return (await createBanner(body.file, body.fields)).banner;
  if (!banner) throw new Error('No banner to edit');
  let saved = (await updateBanner(banner.id, body.patch)).banner;
  if (body.file) saved = (await replaceBannerImage(banner.id, body.file)).banner;
  return saved;
}

/** /admin/banners: the home page's banners, their order and whether they show. */
export function BannersPage() {
  const list = useOrderedList((signal) => listBanners(signal));
  const banners = list.items;
  const fileId = useId();

  const resource = useConsoleResource<AdminBanner, BannerFormValues, BannerBody, { results: AdminBanner[] }>({
    noun: 'Banner',
    name: (banner) => banner.title,
    toForm: bannerToForm,
    toBody: bannerBody,
    save: saveBanner,
    refresh: list.refresh,
    remove: (banner) => deleteBanner(banner.id, banner.version),
    failed: 'Could not change the banners',
    current: (now) => list.setItems(now.results),
    closeFirst: true,
  });
  const { form, busy, run } = resource;

  return (
    <ConsoleScreen heading="Banners" headingId="banners-heading" newLabel="New banner" onNew={form.start}>
      <OrderedList list={list} failed="Could not load the banners" empty="No banners yet.">
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
              {banner.nepali_title ? (
                <span lang="ne" className="me-2 text-body-secondary">
                  {banner.nepali_title}
                </span>
              ) : null}
              <Badge bg={banner.is_active ? 'success' : 'secondary'}>
                {banner.is_active ? 'Active' : 'Hidden'}
              </Badge>
              <MissingNepaliBadge nepali={banner.nepali_title} />
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
              onDelete={() => resource.deleting.ask(banner)}
            />
          </li>
        ))}
      </OrderedList>
      <ResourceForm resource={resource} labels={BANNER_LABELS}>
        <FormFields fields={BANNER_FIELDS} form={form} />
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
      </ResourceForm>
      <DeleteDialog resource={resource}>
        The banner and its picture are removed from the home page. This cannot be undone.
      </DeleteDialog>
    </ConsoleScreen>
  );
}
