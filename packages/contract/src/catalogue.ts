import { z } from 'zod';
import { idParam, money } from './common';
import { brandCounts, checkPriceRange, productFilterFields, sortField } from './product-filters';
import { CATEGORY_SORTS, SEARCH_SORTS } from './product-sorts';

export const productImage = z.object({
  image: z.string(),
  thumbnail_image: z.string(),
});
export type ProductImage = z.infer<typeof productImage>;

/** What a unit price is per: a kilogram, a litre or a piece. */
export const UNIT_PRICE_PERS = ['kg', 'l', 'piece'] as const;
export type UnitPricePer = (typeof UNIT_PRICE_PERS)[number];

export const unitPrice = z
  .object({
    amount: money.describe('Rupees per kg, L or piece, rounded to the paisa'),
    per: z.enum(UNIT_PRICE_PERS),
  })
  .nullable()
  .describe('The selling price per kg, L or piece, from the unit; null when the unit names no size');
export type UnitPrice = z.infer<typeof unitPrice>;

/** Product as shopping.md §3 lists it, with both spellings where the spec gives two. */
export const product = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  nepali_title: z.string(),
  brand: z.string(),
  unit: z.string(),
  description: z.string(),
  short_description: z.string(),
  marked_price: money,
  selling_price: money,
  price: money,
  discount_percentage: z.number().int().describe('Rounded percent off the marked price'),
  total_available_quantity: z.number().int(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  primary_image: productImage.nullable(),
  product_images: z.array(productImage),
  category: z.string().describe('Title of the product’s category'),
  category_id: z.number().int(),
  category_slug: z.string(),
  isOrganic: z.boolean(),
  rating: z.number(),
  average_rating: z.number(),
  rating_count: z.number().int(),
  ratingCount: z.number().int(),
  unit_price: unitPrice,
});
export type Product = z.infer<typeof product>;

/** Page sizes of the paged lists: 24 fills rows of 2, 3 and 6 cards. */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 10_000;

const wholeNumber = () =>
  z.coerce.number({ message: 'Must be a whole number' }).int('Must be a whole number');

/** `?page=` (from 1) and `?page_size=` of every paged list. */
export const pageQuery = z.object({
  page: wholeNumber()
    .min(1, 'Pages count from 1')
    .max(PAGE_MAX, `At most page ${PAGE_MAX}`)
    .optional()
    .describe('Page number, from 1 (1 unless given); a shopper scrolling on asks for the next'),
  page_size: wholeNumber()
    .min(1, 'A page holds at least 1 item')
    .max(PAGE_SIZE_MAX, `A page holds at most ${PAGE_SIZE_MAX} items`)
    .optional()
    .describe(`Items per page, ${PAGE_SIZE_DEFAULT} unless given`),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * One page of a list: `results` holds at most `page_size` items, `count` how many there are in all.
 * `next` and `previous` are the paths (with the query) of the neighbouring pages, or null at either
 * end. A page past the end is empty, with `previous` pointing at the last page that has items.
 */
export const pageFields = {
  count: z.number().int().describe('How many items the whole list holds'),
  page: z.number().int().describe('This page’s number, from 1'),
  page_size: z.number().int().describe('Items per page as asked (or the default)'),
  next: z.string().nullable().describe('Path and query of the next page; null on the last page'),
  previous: z.string().nullable().describe('Path and query of the previous page; null on the first'),
};

export const productList = z.object({ ...pageFields, results: z.array(product) });
export type ProductList = z.infer<typeof productList>;

/** A page of a search: the products, and on page 1 the brands there are to filter by. */
export const productSearchList = productList.extend({ brands: brandCounts });
export type ProductSearchList = z.infer<typeof productSearchList>;

export const subcategory = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });

export const category = z.object({
  id: z.number().int(),
  title: z.string(),
  nepali_title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  subcategories: z.array(subcategory),
});
export type Category = z.infer<typeof category>;

export const categoryList = z.object({ data: z.object({ results: z.array(category) }) });
export type CategoryList = z.infer<typeof categoryList>;

export const categoryProducts = z.object({
  category: category,
  ...pageFields,
  results: z.array(product),
  brands: brandCounts,
});
export type CategoryProducts = z.infer<typeof categoryProducts>;

export const categoryParams = z.object({ categoryId: idParam });

/** A category page's paging, sort (title order unless given) and filters (decision 041). */
export const categoryProductsQuery = pageQuery
  .extend({ sort: sortField(CATEGORY_SORTS, 'title'), ...productFilterFields })
  .superRefine(checkPriceRange);

export const review = z.object({
  id: z.number().int(),
  user: z.object({ first_name: z.string(), middle_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
  review: z.string(),
  rating: z.number().int().min(1).max(5),
});
export type Review = z.infer<typeof review>;

/** One size of a product sold in several (docs/decisions/052); each size is its own product. */
export const productSize = z.object({
  id: z.number().int(),
  slug: z.string(),
  size: z.string().describe('The size as the shop writes it (the product’s unit), e.g. 5 kg'),
  selling_price: money,
  unit_price: unitPrice,
  in_stock: z.boolean(),
});
export type ProductSize = z.infer<typeof productSize>;

export const productDetail = z.object({
  data: z.object({
    product: product,
    sizes: z
      .array(productSize)
      .describe('Every size of the item, this product included, smallest first; empty when it comes in one'),
    reviews: z.array(review),
    recommended_products: z.array(product),
  }),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const productDetailParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1, 'No product ID provided.')
    .max(200, 'Product slug is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'A product slug has only letters, digits and dashes'),
});

export const productSearchQuery = pageQuery
  .extend({
    q: z
      .string()
      .max(200, 'The search is too long (200 characters at most)')
      .refine((value) => !value.includes('\u0000'), 'The search contains an invalid character')
      .optional(),
    limit: wholeNumber()
      .min(1, 'A page holds at least 1 item')
      .max(PAGE_SIZE_MAX, `A page holds at most ${PAGE_SIZE_MAX} items`)
      .optional()
      .describe('Older name of page_size (page_size wins when both are given)'),
    sort: sortField(SEARCH_SORTS, 'relevance; title order without q'),
    ...productFilterFields,
  })
  .superRefine(checkPriceRange);

/** Suggestions while typing: at most this many products and categories together. */
export const SUGGESTION_LIMIT = 8;

export const productSuggestQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .max(200, 'The search is too long (200 characters at most)')
    .refine((value) => !value.includes('\u0000'), 'The search contains an invalid character'),
});

export const productSuggestions = z.object({
  products: z
    .array(z.object({ id: z.number().int(), slug: z.string(), title: z.string(), nepali_title: z.string() }))
    .describe('The best matches of the search, best first'),
  categories: z
    .array(z.object({ id: z.number().int(), title: z.string(), nepali_title: z.string() }))
    .describe('Categories whose title (either script, or its romanised form) matches every word'),
  spellings: z
    .array(z.string())
    .describe('Close spellings of the search that the catalogue knows, for a search that finds nothing'),
});
export type ProductSuggestions = z.infer<typeof productSuggestions>;

export const banner = z.object({ id: z.number().int(), image: z.string(), title: z.string() });
export type Banner = z.infer<typeof banner>;
export const bannerList = z.object({ data: z.object({ results: z.array(banner) }) });

/** Products per home row: a category row shows 6 at a time and cycles through these. */
export const HOME_ROW_SIZE = 12;

export const homeCategory = category.extend({
  products: z.array(product).describe(`The first ${HOME_ROW_SIZE} products of the category, by title`),
});
export type HomeCategory = z.infer<typeof homeCategory>;

export const homeData = z.object({
  data: z.object({
    banners: z.array(banner),
    today_special: z.array(product).describe(`At most ${HOME_ROW_SIZE}; the whole list is /today/special/`),
    new_arrival: z.array(product).describe(`At most ${HOME_ROW_SIZE}; the whole list is /list/for/you/`),
    categories: z.array(homeCategory),
  }),
});
export type HomeData = z.infer<typeof homeData>;

/** Flash-sale product as accounts-orders.md §3 lists it (get_discount is a rounded percent). */
export const flashSaleProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  nepali_title: z.string(),
  slug: z.string(),
  category: z.string(),
  total_available_quantity: z.number().int(),
  primary_image: productImage.nullable(),
  product_images: z.array(z.object({ image: z.string() })),
  get_discount: z.number().int(),
  isOrganic: z.boolean(),
  rating: z.number(),
  ratingCount: z.number().int(),
  short_description: z.string(),
  marked_price: money,
  selling_price: money,
  unit_price: unitPrice,
});

export const flashSale = z.object({
  id: z.number().int(),
  to_date: z.string().describe('Last day of the sale, YYYY-MM-DD'),
  ends_at: z.string().describe('Exact end of the sale, ISO 8601'),
  discounted_price: money,
  original_price: money,
  product: flashSaleProduct,
});
export type FlashSale = z.infer<typeof flashSale>;

export const flashSaleList = z.object({
  message: z.literal('Request succeeded'),
  results: z.object({ flash_sales: z.array(flashSale) }),
});
export type FlashSaleList = z.infer<typeof flashSaleList>;
