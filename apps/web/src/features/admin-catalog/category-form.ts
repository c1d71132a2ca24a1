import {
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryUpdate,
  adminCategoryCreate,
} from '@pasal/contract/admin-categories';
import type { FieldSpec } from '../../components/console/form-fields';
import {
  changedFields,
  checkBody,
  type FieldErrors,
  numberOrText,
} from '../../components/console/form-values';

export interface CategoryFormValues {
  title: string;
  nepali_title: string;
  slug: string;
  /** '' for a top category. */
  parent: string;
  position: string;
  is_featured: boolean;
}

export const CATEGORY_LABELS: Record<string, string> = {
  title: 'Title',
  nepali_title: 'Nepali title',
  slug: 'Slug',
  parent_id: 'Parent',
  position: 'Position',
  is_featured: 'Featured',
};

export function categoryToForm(c: AdminCategory | undefined): CategoryFormValues {
  return {
    title: c?.title ?? '',
    nepali_title: c?.nepali_title ?? '',
    slug: c?.slug ?? '',
    parent: c?.parent_id ? String(c.parent_id) : '',
    position: c ? String(c.position) : '',
    is_featured: c?.is_featured ?? false,
  };
}

function formBody(values: CategoryFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title,
    nepali_title: values.nepali_title,
    slug: values.slug,
    parent: values.parent ? numberOrText(values.parent) : null,
    is_featured: values.is_featured,
  };
  const position = numberOrText(values.position);
  if (position !== undefined) body.position = position;
  return body;
}

type Checked =
  | { ok: true; body: AdminCategoryCreate | AdminCategoryUpdate }
  | { ok: false; errors: FieldErrors };

/** A new category's body, or an edit's changed fields with the version read. */
export function categoryBody(values: CategoryFormValues, category: AdminCategory | undefined): Checked {
  const body = formBody(values);
  const checked = checkBody(adminCategoryCreate, body);
  if (!checked.ok) return checked;
  if (!category) return { ok: true, body: body as AdminCategoryCreate };
  return {
    ok: true,
    body: { version: category.version, ...changedFields(formBody(categoryToForm(category)), body) },
  };
}

/** The category dialog's fields before its parent. */
export const CATEGORY_NAME_FIELDS: readonly FieldSpec<CategoryFormValues>[] = [
  { name: 'title', label: 'Title', required: true },
  { name: 'nepali_title', label: 'Nepali title', lang: 'ne' },
  { name: 'slug', label: 'Slug', hint: 'Left blank, it is made from the title' },
];

/** The category dialog's fields after its parent. */
export const CATEGORY_PLACE_FIELDS: readonly FieldSpec<CategoryFormValues>[] = [
  {
    name: 'position',
    label: 'Position',
    inputMode: 'numeric',
    hint: 'Smaller comes first; left blank, after the others',
  },
  { name: 'is_featured', label: 'Featured on the home page', kind: 'check' },
];
