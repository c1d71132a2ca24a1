import {
  type AdminBanner,
  type AdminBannerUpdate,
  adminBannerForm,
  adminBannerUpdate,
} from '@pasal/contract/admin-banners';
import type { FieldSpec } from '../../components/console/form-fields';
import {
  changedFields,
  checkBody,
  type FieldErrors,
  numberOrText,
} from '../../components/console/form-values';

export interface BannerFormValues {
  title: string;
  nepali_title: string;
  link: string;
  position: string;
  is_active: boolean;
  /** The picture: required for a new banner, replaces the old one on an edit. */
  file: File | null;
}

export const BANNER_LABELS: Record<string, string> = {
  title: 'Title',
  nepali_title: 'Nepali title',
  link: 'Link',
  position: 'Position',
  is_active: 'Active',
  image: 'Picture',
};

export function bannerToForm(b: AdminBanner | undefined): BannerFormValues {
  return {
    title: b?.title ?? '',
    nepali_title: b?.nepali_title ?? '',
    link: b?.link ?? '',
    position: b ? String(b.position) : '',
    is_active: b?.is_active ?? true,
    file: null,
  };
}

export type BannerBody =
  | { kind: 'create'; fields: Record<string, string>; file: File }
  | { kind: 'update'; patch: AdminBannerUpdate; file: File | null };

/** A new banner's form parts (checked as the server checks them), or an edit's changed fields. */
export function bannerBody(
  values: BannerFormValues,
  banner: AdminBanner | undefined,
): { ok: true; body: BannerBody } | { ok: false; errors: FieldErrors } {
  if (!banner) {
    const fields: Record<string, string> = {
      title: values.title,
      link: values.link.trim(),
      is_active: String(values.is_active),
    };
    if (values.nepali_title.trim()) fields.nepali_title = values.nepali_title.trim();
    if (values.position.trim()) fields.position = values.position.trim();
    const checked = checkBody(adminBannerForm, fields);
    const errors = checked.ok ? {} : checked.errors;
    if (!values.file) errors.image = 'Choose a picture for the banner';
    if (Object.keys(errors).length || !values.file) return { ok: false, errors };
    return { ok: true, body: { kind: 'create', fields, file: values.file } };
  }
  const toBody = (v: BannerFormValues) => ({
    title: v.title,
    nepali_title: v.nepali_title,
    link: v.link.trim() || null,
    position: numberOrText(v.position),
    is_active: v.is_active,
  });
  const patch = { version: banner.version, ...changedFields(toBody(bannerToForm(banner)), toBody(values)) };
  const checked = checkBody(adminBannerUpdate, patch);
  if (!checked.ok) return checked;
  // The picture alone counts as a change.
  if (Object.keys(patch).length === 1 && values.file) patch.title = values.title;
  return { ok: true, body: { kind: 'update', patch: patch as AdminBannerUpdate, file: values.file } };
}

/** The banner dialog's plain fields (the picture has its own). */
export const BANNER_FIELDS: readonly FieldSpec<BannerFormValues>[] = [
  { name: 'title', label: 'Title', required: true },
  { name: 'nepali_title', label: 'Nepali title', lang: 'ne' },
  {
    name: 'link',
    label: 'Link',
    hint: 'A shop path such as /viewallca/5, or an http(s) address; blank for none',
  },
  {
    name: 'position',
    label: 'Position',
    inputMode: 'numeric',
    hint: 'Smaller comes first; left blank, after the others',
  },
  { name: 'is_active', label: 'Active (shown on the home page)', kind: 'check', className: 'mb-3' },
];
