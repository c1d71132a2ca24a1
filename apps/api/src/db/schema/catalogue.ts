import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const LOW_STOCK_THRESHOLD_DEFAULT = 10;
/** VAT classes (docs/back-office-vat.md): 13 % standard, or exempt (the VAT Act's first schedule). */
export const taxClasses = ['vat13', 'exempt'] as const;

// Money columns hold integer paisa (1 rupee = 100 paisa): exact, and cheap to add up.
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    nepaliTitle: text('nepali_title').notNull().default(''),
    slug: text('slug').notNull(),
    image: text('image'),
    position: integer('position').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    // Raised by every staff change, so a stale edit is refused (docs/decisions/014).
    version: integer('version').notNull().default(1),
    // Both titles' loose words between spaces, for suggestions ("% dal%"): worked out when a title
    // is written, not for every category on every keystroke (decision 078); particles such as र
    // ("and") give none (decision 085).
    searchNames: text('search_names').generatedAlwaysAs(
      sql`' ' || pasal_loose(pasal_loose_source(title || ' ' || nepali_title)) || ' '`,
    ),
  },
  (t) => [uniqueIndex('categories_slug_uq').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

/**
 * Products that are sizes of one item (rice 1 kg, 5 kg, 25 kg): each keeps its own price, stock and
 * cart line; the product page offers the others (docs/decisions/052). A group holds two or more.
 */
export const productSizeGroups = pgTable('product_size_groups', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    nepaliTitle: text('nepali_title').notNull().default(''),
    brand: text('brand').notNull().default(''),
    unit: text('unit').notNull().default(''),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    markedPrice: integer('marked_price_paisa').notNull(),
    sellingPrice: integer('selling_price_paisa').notNull(),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    isOrganic: boolean('is_organic').notNull().default(false),
    isTodaySpecial: boolean('is_today_special').notNull().default(false),
    isNewArrival: boolean('is_new_arrival').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sizeGroupId: integer('size_group_id').references(() => productSizeGroups.id, { onDelete: 'set null' }),
    /** Stock below this counts as low on the console's dashboard. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(LOW_STOCK_THRESHOLD_DEFAULT),
    /** Its VAT class; retail prices include the VAT. */
    taxClass: text('tax_class', { enum: taxClasses }).notNull().default('vat13'),
    // Raised by every staff edit of the product's own fields; stock has its own ledger (stock_movements).
    version: integer('version').notNull().default(1),
    // Kept in step with reviews inside the same transaction that writes a review.
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    // lower(title, Nepali title, description, category title): what search matches, kept in step
    // by the products_search_text triggers (migration 0009), so every writer gets it right.
    searchText: text('search_text').notNull().default(''),
    // The loose Latin forms (pasal_loose: Devanagari transliterated, spellings folded) of the titles,
    // brand and categories, space-padded, trigram-indexed: romanised Nepali and typos (decision 040).
    searchLoose: text('search_loose').notNull().default(''),
    // The title's words (both scripts, and their loose forms), space-padded: ranking reads it.
    searchTitle: text('search_title').notNull().default(''),
    // The same three split into their words (decision 042): search matches and ranks with array
    // overlaps that a GIN index answers exactly, never a LIKE re-checked on every matching row.
    searchWords: text('search_words').array().notNull().default(sql`'{}'::text[]`),
    searchLooseWords: text('search_loose_words').array().notNull().default(sql`'{}'::text[]`),
    searchTitleWords: text('search_title_words').array().notNull().default(sql`'{}'::text[]`),
    /** Units ordered so far (a trigger on order_lines adds them): "best selling". */
    soldCount: integer('sold_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_uq').on(t.slug),
    // Shoppers only ever list active products: category pages and home rows read a category's
    // in title order (index-only), the whole catalogue and the two offer lists likewise.
    index('products_category_title_idx').on(t.categoryId, t.title, t.id).where(sql`${t.isActive}`),
    index('products_title_idx').on(t.title, t.id).where(sql`${t.isActive}`),
    index('products_today_special_idx').on(t.title, t.id).where(sql`${t.isActive} and ${t.isTodaySpecial}`),
    index('products_new_arrival_idx').on(t.createdAt, t.id).where(sql`${t.isActive} and ${t.isNewArrival}`),
    // Related products on the detail page: a category's best reviewed first.
    index('products_category_rating_idx')
      .on(t.categoryId, t.ratingCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    // The most popular products first (in stock, then best selling), for suggestions of a word that
    // starts thousands of titles (decision 083). Its expressions are its own: the search's orders
    // (stock > 0 desc, sold_count desc) cannot take it, so their plans stay as they are.
    index('products_popular_idx')
      .on(sql`(${t.stock} <= 0)`, sql`(-${t.soldCount})`, t.title, t.id)
      .where(sql`${t.isActive}`),
    // Foreign key look-ups (staff moving or deleting a category).
    index('products_category_idx').on(t.categoryId),
    // The other sizes of a product, on its detail page.
    index('products_size_group_idx').on(t.sizeGroupId).where(sql`${t.sizeGroupId} is not null`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_prices_nonnegative', sql`${t.markedPrice} >= 0 and ${t.sellingPrice} >= 0`),
    check('products_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check('products_tax_class_known', sql`${t.taxClass} in ('vat13', 'exempt')`),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_words_idx').using('gin', t.searchWords),
    index('products_search_loose_words_idx').using('gin', t.searchLooseWords),
    index('products_search_title_words_idx').using('gin', t.searchTitleWords),
  ],
);

/**
 * Every loose word of the catalogue's titles, brands and categories (filled by the search-text
 * trigger, never pruned: a stale word only proposes a correction that then matches nothing), with
 * one spelling of it to show. Typo tolerance corrects a query word against this list.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    loose: text('loose').primaryKey(),
    word: text('word').notNull(),
  },
  (t) => [index('search_terms_loose_trgm_idx').using('gin', t.loose.op('gin_trgm_ops'))],
);

/**
 * Every word of the catalogue's search columns (products.search_words, search_loose_words and
 * search_title_words), filled by the search-text trigger and never pruned (decision 042). A query
 * word is looked up here first (`%word%`, `word%`; trigram index), and the words found are matched
 * against the products' word arrays. A stale word only finds no product.
 */
export const searchVocabulary = pgTable('search_vocabulary', { word: text('word').primaryKey() }, (t) => [
  index('search_vocabulary_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** Words the shop owner declares equal in search ("curd" = "dahi"), lower-cased, one group a row. */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  words: text('words').array().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    thumbnail: text('thumbnail').notNull(),
    position: integer('position').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    review: text('review').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_uq').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * "Helpful" marks on reviews (decision 056): a customer marks another customer's review once; the
 * primary key refuses a second mark, so concurrent clicks count once.
 */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'review_helpful_votes_pk', columns: [t.reviewId, t.userId] }),
    index('review_helpful_votes_user_idx').on(t.userId),
  ],
);

/**
 * Every change of a product's stock with its reason: staff adjustments (and the initial stock of a
 * product created in the console); sales and cancellations can write here too.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['initial', 'adjustment'] }).notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    check('stock_movements_stock_after_nonnegative', sql`${t.stockAfter} >= 0`),
  ],
);

/**
 * The low-stock e-mail digest, one row per Nepal day (decision 062): the first API instance to
 * insert the day's row sends it, in the same transaction; every other instance's insert finds the
 * row and sends nothing, so staff get it once a day however many instances run the sweep.
 */
export const lowStockDigests = pgTable('low_stock_digests', {
  nepalDay: date('nepal_day', { mode: 'string' }).primaryKey(),
  products: integer('products').notNull(),
  recipients: integer('recipients').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
