import { toNepalIso } from '@pasal/contract/admin-common';
import {
  type AdminFlashSale,
  type AdminFlashSalePage,
  type adminFlashSaleCreate,
  type adminFlashSaleListQuery,
  type adminFlashSaleUpdate,
  END_BEFORE_START,
  FLASH_SALE_PER_CUSTOMER_DEFAULT,
  type FlashSaleState,
  SALE_PRICE_NOT_BELOW,
  SALE_PRICE_POSITIVE,
} from '@pasal/contract/admin-flash-sales';
import { formatRupees } from '@pasal/contract/voucher';
import { and, count, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalogue';
import { flashSales } from '../../../db/schema/marketing';
import { FieldError, NotFoundError } from '../../../lib/errors';
import { toPaisa, toRupees } from '../../../lib/money';
import { everyWord, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { type AuditedResource, auditedCreate, auditedDelete, auditedUpdate } from '../audited-change';

export const FLASH_SALE_NOT_FOUND = 'Flash sale not found.';
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const overlapping = (from: Date, to: Date) =>
  `This product already has a flash sale from ${toNepalIso(from)} to ${toNepalIso(to)}; change or switch off that one first`;

const columns = {
  sale: flashSales,
  productTitle: products.title,
  productNepali: products.nepaliTitle,
  productSlug: products.slug,
  productSelling: products.sellingPrice,
  productMarked: products.markedPrice,
  productActive: products.isActive,
};

type SaleRow = {
  sale: typeof flashSales.$inferSelect;
  productTitle: string;
  productNepali: string;
  productSlug: string;
  productSelling: number;
  productMarked: number;
  productActive: boolean;
};

function stateOf(sale: typeof flashSales.$inferSelect, now: Date): FlashSaleState {
  if (!sale.isActive) return 'inactive';
  if (now < sale.startsAt) return 'scheduled';
  return now < sale.endsAt ? 'running' : 'ended';
}

function stateIs(state: FlashSaleState): SQL {
  switch (state) {
    case 'inactive':
      return sql`not ${flashSales.isActive}`;
    case 'scheduled':
      return sql`${flashSales.isActive} and ${flashSales.startsAt} > now()`;
    case 'running':
      return sql`${flashSales.isActive} and ${flashSales.startsAt} <= now() and ${flashSales.endsAt} > now()`;
    case 'ended':
      return sql`${flashSales.isActive} and ${flashSales.endsAt} <= now()`;
  }
}

function toFlashSale(row: SaleRow, now = new Date()): AdminFlashSale {
  return {
    id: row.sale.id,
    product: {
      id: row.sale.productId,
      title: row.productTitle,
      nepali_title: row.productNepali,
      slug: row.productSlug,
      selling_price: toRupees(row.productSelling),
      marked_price: toRupees(row.productMarked),
      is_active: row.productActive,
    },
    sale_price: toRupees(row.sale.discountedPrice),
    starts_at: toNepalIso(row.sale.startsAt),
    ends_at: toNepalIso(row.sale.endsAt),
    is_active: row.sale.isActive,
    per_customer_limit: row.sale.perCustomerLimit,
    state: stateOf(row.sale, now),
    version: row.sale.version,
  };
}

/** What the audit log keeps of a sale (the state follows the clock, so it is left out). */
function auditFields(sale: AdminFlashSale) {
  const { state: _state, product, ...fields } = sale;
  return { ...fields, product_id: product.id };
}

function selectSales(db: DbOrTx) {
  return db.select(columns).from(flashSales).innerJoin(products, eq(products.id, flashSales.productId));
}

export async function flashSaleView(db: DbOrTx, saleId: number): Promise<AdminFlashSale> {
  const [row] = await selectSales(db).where(eq(flashSales.id, saleId));
  if (!row) throw new NotFoundError(FLASH_SALE_NOT_FOUND);
  return toFlashSale(row);
}

const sortColumns = { starts_at: flashSales.startsAt, ends_at: flashSales.endsAt, id: flashSales.id };

export async function listFlashSales(
  db: DbOrTx,
  query: z.output<typeof adminFlashSaleListQuery>,
): Promise<AdminFlashSalePage> {
  const where = and(
    query.state ? stateIs(query.state) : undefined,
    query.product ? eq(flashSales.productId, query.product) : undefined,
    everyWord(query.q, [products.title, products.slug]),
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await selectSales(db)
    .where(where)
    .orderBy(...sortBy(sortColumns[query.sort], query.order, flashSales.id))
    .limit(limit)
    .offset(offset);
  const now = new Date();
  return pageAnswer(
    query,
    Number(total),
    rows.map((row) => toFlashSale(row, now)),
  );
}

/** Locks the product (so two sales for it are checked one after the other); a 400 when unknown. */
async function lockProduct(tx: DbOrTx, productId: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw new FieldError('product', PRODUCT_NOT_FOUND);
  return row;
}

interface SaleTerms {
  productId: number;
  salePaisa: number;
  startsAt: Date;
  endsAt: Date;
  isActive: boolean;
}

/**
 * A sale's terms as a whole: it ends after it starts; while switched on, its price is above 0 and
 * below the product's regular selling price, and it overlaps no other active sale of the product.
 * (A sale being switched off is always fine.)
 */
async function checkTerms(tx: DbOrTx, terms: SaleTerms, selfId?: number): Promise<void> {
  if (terms.endsAt <= terms.startsAt) throw new FieldError('ends_at', END_BEFORE_START);
  if (!terms.isActive) return;
  const product = await lockProduct(tx, terms.productId);
  if (terms.salePaisa <= 0) throw new FieldError('sale_price', SALE_PRICE_POSITIVE);
  if (terms.salePaisa >= product.sellingPrice) {
    throw new FieldError('sale_price', SALE_PRICE_NOT_BELOW(formatRupees(product.sellingPrice)));
  }
  const [other] = await tx
    .select({ startsAt: flashSales.startsAt, endsAt: flashSales.endsAt })
    .from(flashSales)
    .where(
      and(
        eq(flashSales.productId, terms.productId),
        eq(flashSales.isActive, true),
        lt(flashSales.startsAt, terms.endsAt),
        gt(flashSales.endsAt, terms.startsAt),
        selfId === undefined ? undefined : ne(flashSales.id, selfId),
      ),
    )
    .limit(1);
  if (other) throw new FieldError('starts_at', overlapping(other.startsAt, other.endsAt));
}

const saleResource: AuditedResource<typeof flashSales, AdminFlashSale> = {
  table: flashSales,
  entity: 'flash_sale',
  notFound: FLASH_SALE_NOT_FOUND,
  view: flashSaleView,
  audited: auditFields,
};

export async function createFlashSale(
  db: Db,
  staffId: number,
  body: z.output<typeof adminFlashSaleCreate>,
): Promise<AdminFlashSale> {
  return auditedCreate(db, staffId, saleResource, async (tx) => {
    const terms: SaleTerms = {
      productId: body.product,
      salePaisa: toPaisa(body.sale_price),
      startsAt: body.starts_at,
      endsAt: body.ends_at,
      isActive: body.is_active ?? true,
    };
    await lockProduct(tx, terms.productId);
    await checkTerms(tx, terms);
    const [row] = await tx
      .insert(flashSales)
      .values({
        productId: terms.productId,
        discountedPrice: terms.salePaisa,
        startsAt: terms.startsAt,
        endsAt: terms.endsAt,
        isActive: terms.isActive,
        perCustomerLimit: body.per_customer_limit ?? FLASH_SALE_PER_CUSTOMER_DEFAULT,
      })
      .returning({ id: flashSales.id });
    return row.id;
  });
}

export async function updateFlashSale(
  db: Db,
  staffId: number,
  saleId: number,
  body: z.output<typeof adminFlashSaleUpdate>,
): Promise<AdminFlashSale> {
  return auditedUpdate(db, staffId, saleResource, saleId, body.version, (tx, row) => {
    const terms: SaleTerms = {
      productId: body.product ?? row.productId,
      salePaisa: body.sale_price === undefined ? row.discountedPrice : toPaisa(body.sale_price),
      startsAt: body.starts_at ?? row.startsAt,
      endsAt: body.ends_at ?? row.endsAt,
      isActive: body.is_active ?? row.isActive,
    };
    return {
      set: {
        productId: terms.productId,
        discountedPrice: terms.salePaisa,
        startsAt: terms.startsAt,
        endsAt: terms.endsAt,
        isActive: terms.isActive,
        perCustomerLimit: body.per_customer_limit ?? row.perCustomerLimit,
      },
      check: async () => {
        if (body.product !== undefined && body.product !== row.productId) await lockProduct(tx, body.product);
        await checkTerms(tx, terms, saleId);
      },
    };
  });
}

export async function deleteFlashSale(
  db: Db,
  staffId: number,
  saleId: number,
  version: number,
): Promise<void> {
  await auditedDelete(db, staffId, saleResource, saleId, version);
}
