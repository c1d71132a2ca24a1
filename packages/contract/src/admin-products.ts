import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  dateTimeText,
  idInput,
  listQuery,
  pageOf,
  queryBoolean,
  queryId,
  rupeesInput,
  slugInput,
  staffRef,
  textInput,
  version,
  versionInput,
  wholeInput,
} from './admin-common';
import { idParam, money } from './common';
import { TAX_CLASSES } from './tax';

// Products in the shop console (docs/decisions/014).

/** Largest product image upload; bigger files get 413. */
export const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;
/** A product keeps at most this many pictures. */
export const MAX_PRODUCT_IMAGES = 12;
/** The most units of one product the console records. */
export const MAX_STOCK = 1_000_000;

export const STOCK_STATES = ['in_stock', 'low', 'out_of_stock'] as const;
export type StockState = (typeof STOCK_STATES)[number];

export const SELLING_ABOVE_MARKED = 'Selling price cannot be more than the marked price';
export const STOCK_NOT_IN_EDIT =
  'Stock is changed with a stock adjustment (with a reason), not by editing the product';

export const adminProductImage = z.object({
  id: z.number().int(),
  image: z.string().describe('WebP, at most 800×800 (whole picture on white)'),
  thumbnail: z.string().describe('WebP, 300×300'),
  position: z.number().int(),
  is_primary: z.boolean(),
});
export type AdminProductImage = z.infer<typeof adminProductImage>;

/** Another size of the same item, as the console lists it. */
export const adminProductSize = z.object({
  id: z.number().int(),
  title: z.string(),
  unit: z.string(),
  is_active: z.boolean(),
});
export type AdminProductSize = z.infer<typeof adminProductSize>;

export const adminProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  nepali_title: z.string(),
  brand: z.string(),
  unit: z.string().describe('How it is sold, e.g. 1 kg, 500 ml, pack of 6'),
  description: z.string(),
  short_description: z.string(),
  category_id: z.number().int(),
  category_title: z.string(),
  marked_price: money,
  selling_price: money.describe('The regular price (flash sales apart)'),
  current_price: money.describe('What a shopper pays now: a running flash sale’s price when lower'),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  tax_class: z.enum(TAX_CLASSES).describe('vat13: 13 % VAT included in the price; exempt: no VAT'),
  stock_state: z.enum(STOCK_STATES).describe('out_of_stock at 0, low below the threshold'),
  is_organic: z.boolean(),
  is_today_special: z.boolean(),
  is_new_arrival: z.boolean(),
  is_active: z.boolean().describe('False: hidden from the storefront; carts show it unavailable'),
  rating_average: z.number(),
  rating_count: z.number().int(),
  images: z.array(adminProductImage).describe('In display order; exactly one is primary when any exist'),
  size_group_id: z
    .number()
    .int()
    .nullable()
    .describe('The group of products that are sizes of one item (docs/decisions/052); null when none'),
  sizes: z
    .array(adminProductSize)
    .describe('The other products of its size group, by id; empty when it is in none'),
  created_at: dateTimeText,
  updated_at: dateTimeText,
  version,
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminProductSummary = adminProduct.omit({
  description: true,
  short_description: true,
  images: true,
  sizes: true,
});
export const adminProductListItem = adminProductSummary.extend({
  thumbnail: z.string().nullable().describe('The primary picture’s thumbnail'),
});
export type AdminProductListItem = z.infer<typeof adminProductListItem>;

export const adminProductPage = pageOf(adminProductListItem);
export type AdminProductPage = z.infer<typeof adminProductPage>;

export const PRODUCT_SORTS = ['title', 'created_at', 'updated_at', 'selling_price', 'stock', 'id'] as const;

export const adminProductListQuery = listQuery(
  PRODUCT_SORTS,
  { sort: 'updated_at', order: 'desc' },
  {
    category: queryId('Category')
      .optional()
      .describe('Category id; a top category includes its subcategories'),
    active: queryBoolean('active').optional(),
    stock_state: z
      .enum([...STOCK_STATES, 'below_threshold'], {
        error: 'stock_state must be in_stock, low, out_of_stock or below_threshold',
      })
      .optional()
      .describe('below_threshold: low or out of stock'),
    organic: queryBoolean('organic').optional(),
    today_special: queryBoolean('today_special').optional(),
    new_arrival: queryBoolean('new_arrival').optional(),
  },
).describe('q matches every word in the title, the Nepali title or the slug (an id too)');
export type AdminProductListQuery = z.input<typeof adminProductListQuery>;

const productFields = {
  title: textInput('Title', 200),
  nepali_title: textInput('Nepali title', 200, { required: false }),
  slug: slugInput,
  brand: textInput('Brand', 100, { required: false }),
  unit: textInput('Unit', 50, { required: false }),
  description: textInput('Description', 10_000, { required: false }),
  short_description: textInput('Short description', 500, { required: false }),
  category: idInput('Category'),
  marked_price: rupeesInput('Marked price'),
  selling_price: rupeesInput('Selling price'),
  low_stock_threshold: wholeInput('Low-stock threshold', 0, 1_000_000),
  tax_class: z.enum(TAX_CLASSES, { error: 'Tax class must be vat13 or exempt' }),
  is_organic: booleanInput('is_organic'),
  is_today_special: booleanInput('is_today_special'),
  is_new_arrival: booleanInput('is_new_arrival'),
  is_active: booleanInput('is_active'),
};

export const adminProductCreate = z
  .strictObject(
    {
      ...productFields,
      nepali_title: productFields.nepali_title.optional(),
      slug: slugInput.optional(),
      brand: productFields.brand.optional(),
      unit: productFields.unit.optional(),
      description: productFields.description.optional(),
      short_description: productFields.short_description.optional(),
      stock: wholeInput('Stock', 0, MAX_STOCK).optional().describe('Initial stock (default 0)'),
      low_stock_threshold: productFields.low_stock_threshold.optional().describe('Default 10'),
      tax_class: productFields.tax_class.optional().describe('Default vat13'),
      is_organic: productFields.is_organic.optional(),
      is_today_special: productFields.is_today_special.optional(),
      is_new_arrival: productFields.is_new_arrival.optional(),
      is_active: productFields.is_active.optional().describe('Default true'),
    },
    { error: bodyError('The body must be a product object') },
  )
  .refine((body) => body.selling_price <= body.marked_price, {
    message: SELLING_ABOVE_MARKED,
    path: ['selling_price'],
  });
export type AdminProductCreate = z.input<typeof adminProductCreate>;

/** PATCH: any of the fields plus the version read. Stock changes go through stock adjustments. */
export const adminProductUpdate = z.strictObject(
  {
    version: versionInput,
    ...z.object(productFields).partial().shape,
    stock: z.never({ error: STOCK_NOT_IN_EDIT }).optional(),
    sizes_of: idInput('sizes_of')
      .nullable()
      .optional()
      .describe(
        'Another product’s id: this product becomes a size of the same item (joins its size group, which ' +
          'is made when it has none). null: this product is no longer a size of another.',
      ),
  },
  { error: bodyError('The body must be an object with the fields to change and version') },
);
export type AdminProductUpdate = z.input<typeof adminProductUpdate>;

export const adminProductParams = z.object({ productId: idParam });
export const adminProductImageParams = z.object({ productId: idParam, imageId: idParam });

export const adminProductResponse = z.object({ product: adminProduct });
export type AdminProductResponse = z.infer<typeof adminProductResponse>;

export const adminProductImagesResponse = z.object({
  images: z.array(adminProductImage),
});
export type AdminProductImagesResponse = z.infer<typeof adminProductImagesResponse>;

export const adminImageOrder = z.strictObject(
  {
    image_ids: z
      .array(idInput('Image'), { error: 'image_ids must be a list of image ids' })
      .max(100, 'Too many images')
      .refine((ids) => new Set(ids).size === ids.length, 'An image is listed more than once')
      .describe('Every image of the product, in the new order'),
  },
  { error: bodyError('The body must be {image_ids: [...]}') },
);
export type AdminImageOrder = z.input<typeof adminImageOrder>;

export const STOCK_ADJUSTMENT_ONE_OF = 'Send either delta (a change) or set (the new stock), not both';

export const stockAdjustmentRequest = z
  .strictObject(
    {
      delta: wholeInput('delta', -MAX_STOCK, MAX_STOCK)
        .refine((value) => value !== 0, 'delta cannot be 0')
        .optional()
        .describe('Units to add (positive) or take away (negative)'),
      set: wholeInput('set', 0, MAX_STOCK).optional().describe('The counted stock'),
      reason: textInput('Reason', 500),
    },
    { error: bodyError('The body must be {delta or set, reason}') },
  )
  .refine((body) => (body.delta === undefined) !== (body.set === undefined), {
    message: STOCK_ADJUSTMENT_ONE_OF,
    path: ['delta'],
  });
export type StockAdjustmentRequest = z.input<typeof stockAdjustmentRequest>;

export const stockMovement = z.object({
  id: z.number().int(),
  kind: z.enum(['initial', 'adjustment']),
  delta: z.number().int(),
  stock_after: z.number().int(),
  reason: z.string(),
  staff: staffRef.nullable(),
  created_at: dateTimeText,
});
export type StockMovement = z.infer<typeof stockMovement>;

export const stockAdjustmentResponse = z.object({ movement: stockMovement, product: adminProduct });
export type StockAdjustmentResponse = z.infer<typeof stockAdjustmentResponse>;

export const stockMovementPage = pageOf(stockMovement);
export const stockMovementListQuery = listQuery(['created_at'], { sort: 'created_at', order: 'desc' }, {});
