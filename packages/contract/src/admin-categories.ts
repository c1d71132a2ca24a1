import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  idInput,
  slugInput,
  textInput,
  version,
  versionInput,
  wholeInput,
} from './admin-common';
import { idParam } from './common';

// Categories in the shop console: two levels (top categories and their subcategories), as the
// storefront shows them.

export const MAX_CATEGORY_IMAGE_BYTES = 10 * 1024 * 1024;
export const CATEGORY_DEPTH_MESSAGE =
  'A subcategory’s parent must be a top category (the storefront shows two levels)';

export const adminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable().describe('Null for a top category'),
  title: z.string(),
  nepali_title: z.string(),
  slug: z.string(),
  image: z.string().nullable().describe('WebP, 300×300'),
  position: z.number().int().describe('Order among its siblings (smaller first, then id)'),
  is_featured: z.boolean(),
  product_count: z.number().int().describe('Products directly in this category (active or not)'),
  version,
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminCategoryNode = adminCategory.extend({
  children: z.array(adminCategory).describe('Subcategories in display order'),
});
export type AdminCategoryNode = z.infer<typeof adminCategoryNode>;

/** The whole tree (a shop has tens of categories, so it is not paged). */
export const adminCategoryTree = z.object({
  count: z.number().int().describe('Categories of every level'),
  results: z.array(adminCategoryNode).describe('Top categories in display order'),
});
export type AdminCategoryTree = z.infer<typeof adminCategoryTree>;

const categoryFields = {
  title: textInput('Title', 100),
  nepali_title: textInput('Nepali title', 100, { required: false }),
  slug: slugInput,
  parent: z
    .number({ error: 'parent must be a category id or null' })
    .int('parent must be a category id or null')
    .min(1, 'parent must be a category id or null')
    .max(2_147_483_647, 'parent must be a category id or null')
    .nullable()
    .describe('Parent category id (a top category), or null for a top category'),
  position: wholeInput('Position', 0, 1_000_000),
  is_featured: booleanInput('is_featured'),
};

export const adminCategoryCreate = z.strictObject(
  {
    ...categoryFields,
    nepali_title: categoryFields.nepali_title.optional(),
    slug: slugInput.optional(),
    parent: categoryFields.parent.optional(),
    position: categoryFields.position.optional().describe('Default: after its siblings'),
    is_featured: categoryFields.is_featured.optional(),
  },
  { error: bodyError('The body must be a category object') },
);
export type AdminCategoryCreate = z.input<typeof adminCategoryCreate>;

export const adminCategoryUpdate = z.strictObject(
  { version: versionInput, ...z.object(categoryFields).partial().shape },
  { error: bodyError('The body must be an object with the fields to change and version') },
);
export type AdminCategoryUpdate = z.input<typeof adminCategoryUpdate>;

export const adminCategoryParams = z.object({ categoryId: idParam });
export const adminCategoryResponse = z.object({ category: adminCategory });
export type AdminCategoryResponse = z.infer<typeof adminCategoryResponse>;

/** PUT /categories/order/: the children of one parent (or the top categories), each once, in order. */
export const adminCategoryOrder = z.strictObject(
  {
    parent: categoryFields.parent.describe('Whose subcategories these are; null for the top categories'),
    category_ids: z
      .array(idInput('Category'), { error: 'category_ids must be a list of category ids' })
      .max(1000, 'Too many categories')
      .refine((ids) => new Set(ids).size === ids.length, 'A category is listed more than once')
      .describe('Every category under that parent, in the new order'),
  },
  { error: bodyError('The body must be {parent, category_ids: [...]}') },
);
export type AdminCategoryOrder = z.input<typeof adminCategoryOrder>;
