import { MAX_RUPEES } from '@pasal/contract/admin-common';
import { MAX_STOCK } from '@pasal/contract/admin-products';
import { formatRupeesText, parseRupeesText } from '../../../lib/money';

// The catalogue's CSV columns, in file order (docs/back-office-catalogue.md). Export and import
// share this table: a new column is one entry here (its cell, and how a cell is read, if it can be).

/** A product as the CSV sees it: the database's values (money in integer paisa). */
export interface ProductState {
  slug: string;
  title: string;
  nepaliTitle: string;
  categoryId: number;
  brand: string;
  unit: string;
  markedPrice: number;
  sellingPrice: number;
  stock: number;
  lowStockThreshold: number;
  sizeGroupId: number | null;
}

/** A category's place in the tree, by id: its top category's slug and, for a subcategory, its own. */
export type CategoryNames = Map<number, { category: string; subcategory: string }>;

/** The fields a row sets; a column left out of the file keeps the product's value. */
export type ProductDraft = Partial<Omit<ProductState, 'categoryId' | 'sizeGroupId'>> & {
  category?: string;
  subcategory?: string;
};

export interface CatalogueColumn {
  header: string;
  cell(product: ProductState, names: CategoryNames): string;
  /** Reads a cell (trimmed) into the draft; answers a problem's message. Absent: exported only. */
  read?(text: string, draft: ProductDraft): string | undefined;
  /** A file without this column is refused. */
  required?: boolean;
}

/** Rupees with exactly 2 decimals, from integer paisa (never through a float). */
export function rupeesCell(paisa: number): string {
  const text = formatRupeesText(paisa);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export const SLUG_FORMAT =
  'Slug must be lower-case letters, digits and single hyphens (e.g. basmati-rice-1kg)';

function text(label: string, max: number, key: 'title' | 'nepaliTitle' | 'brand' | 'unit', required = false) {
  return (value: string, draft: ProductDraft) => {
    if (required && !value) return `${label} is required`;
    if ([...value].length > max) return `${label} can be at most ${max} characters`;
    draft[key] = value;
    return undefined;
  };
}

function rupees(label: string, key: 'markedPrice' | 'sellingPrice') {
  return (value: string, draft: ProductDraft) => {
    const paisa = parseRupeesText(value);
    if (paisa === null) return `${label} must be an amount in rupees with at most 2 decimals (e.g. 120.50)`;
    if (paisa > MAX_RUPEES * 100) return `${label} can be at most ${MAX_RUPEES} rupees`;
    draft[key] = paisa;
    return undefined;
  };
}

function whole(label: string, key: 'stock' | 'lowStockThreshold', optional: boolean) {
  return (value: string, draft: ProductDraft) => {
    if (optional && value === '') return undefined;
    if (/^-\d+$/.test(value)) return `${label} cannot be negative`;
    if (!/^\d+$/.test(value)) return `${label} must be a whole number`;
    const n = Number(value);
    if (n > MAX_STOCK) return `${label} can be at most ${MAX_STOCK}`;
    draft[key] = n;
    return undefined;
  };
}

export const CATALOGUE_COLUMNS: CatalogueColumn[] = [
  {
    header: 'slug',
    required: true,
    cell: (p) => p.slug,
    read(value, draft) {
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) || value.length > 200) return SLUG_FORMAT;
      draft.slug = value;
      return undefined;
    },
  },
  { header: 'title', required: true, cell: (p) => p.title, read: text('Title', 200, 'title', true) },
  { header: 'nepali_title', cell: (p) => p.nepaliTitle, read: text('Nepali title', 200, 'nepaliTitle') },
  {
    header: 'category',
    required: true,
    cell: (p, names) => names.get(p.categoryId)?.category ?? '',
    read(value, draft) {
      if (!value) return 'Category is required';
      draft.category = value;
      return undefined;
    },
  },
  {
    header: 'subcategory',
    cell: (p, names) => names.get(p.categoryId)?.subcategory ?? '',
    read(value, draft) {
      draft.subcategory = value;
      return undefined;
    },
  },
  { header: 'brand', cell: (p) => p.brand, read: text('Brand', 100, 'brand') },
  { header: 'unit', cell: (p) => p.unit, read: text('Unit', 50, 'unit') },
  {
    header: 'marked_price',
    required: true,
    cell: (p) => rupeesCell(p.markedPrice),
    read: rupees('Marked price', 'markedPrice'),
  },
  {
    header: 'selling_price',
    required: true,
    cell: (p) => rupeesCell(p.sellingPrice),
    read: rupees('Selling price', 'sellingPrice'),
  },
  { header: 'stock', cell: (p) => String(p.stock), read: whole('Stock', 'stock', true) },
  {
    header: 'low_stock_threshold',
    cell: (p) => String(p.lowStockThreshold),
    read: whole('Low-stock threshold', 'lowStockThreshold', true),
  },
  // Exported so a spreadsheet shows which products are sizes of one item; changed in the product form.
  { header: 'size_group', cell: (p) => (p.sizeGroupId === null ? '' : String(p.sizeGroupId)) },
];

export const CATALOGUE_HEADERS = CATALOGUE_COLUMNS.map((column) => column.header);
