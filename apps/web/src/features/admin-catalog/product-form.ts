import {
  type AdminProduct,
  type AdminProductCreate,
  type AdminProductUpdate,
  adminProductCreate,
  SELLING_ABOVE_MARKED,
} from '@pasal/contract/admin-products';
import {
  changedFields,
  checkBody,
  type FieldErrors,
  numberOrText,
  numberText,
} from '../../components/console/form-values';
import { toPaisa } from '../../lib/money';

/** What the product form holds: text as typed, flags as booleans. */
export interface ProductFormValues {
  title: string;
  nepali_title: string;
  slug: string;
  brand: string;
  unit: string;
  short_description: string;
  description: string;
  category: string;
  marked_price: string;
  selling_price: string;
  /** Only when creating: afterwards stock moves by adjustments. */
  stock: string;
  low_stock_threshold: string;
  tax_class: 'vat13' | 'exempt';
  is_organic: boolean;
  is_today_special: boolean;
  is_new_arrival: boolean;
  is_active: boolean;
}

export const PRODUCT_FLAGS = [
  ['is_organic', 'Organic'],
  ['is_today_special', 'Today special'],
  ['is_new_arrival', 'New arrival'],
  ['is_active', 'Active (shown in the shop)'],
] as const;

export const emptyProductForm: ProductFormValues = {
  title: '',
  nepali_title: '',
  slug: '',
  brand: '',
  unit: '',
  short_description: '',
  description: '',
  category: '',
  marked_price: '',
  selling_price: '',
  stock: '0',
  low_stock_threshold: '10',
  tax_class: 'vat13',
  is_organic: false,
  is_today_special: false,
  is_new_arrival: false,
  is_active: true,
};

export function productToForm(p: AdminProduct): ProductFormValues {
  return {
    title: p.title,
    nepali_title: p.nepali_title,
    slug: p.slug,
    brand: p.brand,
    unit: p.unit,
    short_description: p.short_description,
    description: p.description,
    category: String(p.category_id),
    marked_price: numberText(p.marked_price),
    selling_price: numberText(p.selling_price),
    stock: String(p.stock),
    low_stock_threshold: String(p.low_stock_threshold),
    tax_class: p.tax_class,
    is_organic: p.is_organic,
    is_today_special: p.is_today_special,
    is_new_arrival: p.is_new_arrival,
    is_active: p.is_active,
  };
}

/** The body the form stands for (before the contract checks it). */
function formBody(values: ProductFormValues, withStock: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title,
    nepali_title: values.nepali_title,
    slug: values.slug,
    brand: values.brand,
    unit: values.unit,
    short_description: values.short_description,
    description: values.description,
    category: numberOrText(values.category),
    marked_price: numberOrText(values.marked_price),
    selling_price: numberOrText(values.selling_price),
    low_stock_threshold: numberOrText(values.low_stock_threshold),
    tax_class: values.tax_class,
    is_organic: values.is_organic,
    is_today_special: values.is_today_special,
    is_new_arrival: values.is_new_arrival,
    is_active: values.is_active,
  };
  if (withStock) body.stock = numberOrText(values.stock) ?? 0;
  return body;
}

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/**
 * The contract's check of the product, plus selling ≤ marked even while other fields are wrong
 * (zod looks at the product as a whole only once every field is right).
 */
function checkProduct(body: Record<string, unknown>): Checked<unknown> {
  const checked = checkBody(adminProductCreate, body);
  if (checked.ok) return { ok: true, body: checked.data };
  const { marked_price: marked, selling_price: selling } = body;
  const errors = { ...checked.errors };
  if (typeof marked === 'number' && typeof selling === 'number' && toPaisa(selling) > toPaisa(marked))
    errors.selling_price ??= SELLING_ABOVE_MARKED;
  return { ok: false, errors };
}

/** The new product's body, checked by the contract (field → message when it is not right). */
export function createBody(values: ProductFormValues): Checked<AdminProductCreate> {
  const body = formBody(values, true);
  const checked = checkProduct(body);
  return checked.ok ? { ok: true, body: body as AdminProductCreate } : checked;
}

/**
 * The PATCH of an edit: the fields that differ from the product as read, with its version. The
 * whole form is checked as a product (so selling ≤ marked holds for the product as a whole).
 */
export function updateBody(product: AdminProduct, values: ProductFormValues): Checked<AdminProductUpdate> {
  const body = formBody(values, false);
  const checked = checkProduct(body);
  if (!checked.ok) return checked;
  const before = formBody(productToForm(product), false);
  return {
    ok: true,
    body: { version: product.version, ...changedFields(before, body) } as AdminProductUpdate,
  };
}

export const PRODUCT_LABELS: Record<string, string> = {
  title: 'Title',
  nepali_title: 'Nepali title',
  slug: 'Slug',
  brand: 'Brand',
  unit: 'Unit',
  short_description: 'Short description',
  description: 'Description',
  category: 'Category',
  marked_price: 'Marked price',
  selling_price: 'Selling price',
  low_stock_threshold: 'Low-stock threshold',
  tax_class: 'VAT',
  is_organic: 'Organic',
  is_today_special: 'Today special',
  is_new_arrival: 'New arrival',
  is_active: 'Active',
};

/** The product's editable fields as the 409 notice compares them (the category by its title). */
export function productForNotice(p: AdminProduct): Record<string, unknown> {
  const yes = (flag: boolean) => (flag ? 'Yes' : 'No');
  return {
    ...formBody(productToForm(p), false),
    category: p.category_title,
    is_organic: yes(p.is_organic),
    is_today_special: yes(p.is_today_special),
    is_new_arrival: yes(p.is_new_arrival),
    is_active: yes(p.is_active),
  };
}
