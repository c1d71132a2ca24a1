import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  idInput,
  textInput,
  version,
  versionInput,
  wholeInput,
} from './admin-common';
import { idParam } from './common';

// Home page banners in the shop console.

export const MAX_BANNER_IMAGE_BYTES = 10 * 1024 * 1024;
export const BANNER_LINK_MESSAGE =
  'Link must be a storefront path starting with / (e.g. /category/5) or an http(s) address';

/** A storefront path (/…, not //…) or an absolute http(s) URL. */
export function isBannerLink(value: string): boolean {
  if (/^\/(?!\/)[^\s]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const adminBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  nepali_title: z
    .string()
    .describe("The title in Nepali (the picture's text for Nepali readers); '' when not yet written"),
  image: z.string().describe('WebP, 1600×500'),
  link: z.string().nullable(),
  position: z.number().int().describe('Order on the home page (smaller first, then id)'),
  is_active: z.boolean(),
  version,
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const adminBannerList = z.object({
  count: z.number().int(),
  results: z.array(adminBanner).describe('In display order, inactive ones included'),
});
export type AdminBannerList = z.infer<typeof adminBannerList>;

const linkInput = z
  .union([textInput('Link', 500, { required: false }), z.null()], { error: 'Link must be text' })
  .transform((value) => (value === null || value === '' ? null : value))
  .refine((value) => value === null || isBannerLink(value), BANNER_LINK_MESSAGE)
  .describe('A storefront path (/category/5) or an http(s) address; null or blank for none');

/**
 * The text parts of the multipart form that creates a banner (beside the file part `image`).
 * Form values are text: position as digits, is_active as true/false.
 */
export const adminBannerForm = z.strictObject(
  {
    title: textInput('Title', 200),
    nepali_title: textInput('Nepali title', 200, { required: false }).optional(),
    link: linkInput.optional(),
    position: z
      .string({ error: 'Position must be a whole number' })
      .regex(/^\d{1,7}$/, 'Position must be a whole number')
      .transform(Number)
      .optional()
      .describe('Default: after the others'),
    is_active: z
      .enum(['true', 'false'], { error: 'is_active must be true or false' })
      .transform((value) => value === 'true')
      .optional()
      .describe('Default true'),
  },
  { error: bodyError('Invalid banner form') },
);
export type AdminBannerForm = z.input<typeof adminBannerForm>;

export const adminBannerUpdate = z.strictObject(
  {
    version: versionInput,
    title: textInput('Title', 200).optional(),
    nepali_title: textInput('Nepali title', 200, { required: false }).optional(),
    link: linkInput.optional(),
    position: wholeInput('Position', 0, 1_000_000).optional(),
    is_active: booleanInput('is_active').optional(),
  },
  { error: bodyError('The body must be an object with the fields to change and version') },
);
export type AdminBannerUpdate = z.input<typeof adminBannerUpdate>;

export const adminBannerParams = z.object({ bannerId: idParam });
export const adminBannerResponse = z.object({ banner: adminBanner });
export type AdminBannerResponse = z.infer<typeof adminBannerResponse>;

/** PUT /banners/order/: every banner once, in the new display order. */
export const adminBannerOrder = z.strictObject(
  {
    banner_ids: z
      .array(idInput('Banner'), { error: 'banner_ids must be a list of banner ids' })
      .max(500, 'Too many banners')
      .refine((ids) => new Set(ids).size === ids.length, 'A banner is listed more than once')
      .describe('Every banner, in the new order'),
  },
  { error: bodyError('The body must be {banner_ids: [...]}') },
);
export type AdminBannerOrder = z.input<typeof adminBannerOrder>;
