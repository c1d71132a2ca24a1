import { toNepalIso } from '@pasal/contract/admin-common';
import {
  MAX_STOCK,
  type StockAdjustmentResponse,
  type StockMovement,
  type stockAdjustmentRequest,
  type stockMovementListQuery,
} from '@pasal/contract/admin-products';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { products, stockMovements } from '../../../db/schema/catalogue';
import { users } from '../../../db/schema/users';
import { FieldError, NotFoundError } from '../../../lib/errors';
import { announceRestocks } from '../../back-in-stock/restock-notices';
import { pageAnswer, pageWindow, sortBy } from '../admin-list';
import { recordAudit } from '../audit/audit-log';
import { staffName } from '../audit/staff-name';
import { lockProduct } from './product-service';
import { PRODUCT_NOT_FOUND, productView } from './product-view';

// Stock changes staff make by hand (deliveries in, breakage, a stock-take), each with its reason.

export const belowZero = (stock: number) => `Stock cannot go below 0 (it is ${stock} now)`;
export const aboveMax = `Stock can be at most ${MAX_STOCK}`;

type MovementRow = typeof stockMovements.$inferSelect & {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

function toMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    kind: row.kind,
    delta: row.delta,
    stock_after: row.stockAfter,
    reason: row.reason,
    staff:
      row.staffId === null
        ? null
        : { id: row.staffId, name: staffName(row.firstName ?? '', row.lastName ?? ''), email: row.email },
    created_at: toNepalIso(row.createdAt),
  };
}

const movementColumns = {
  id: stockMovements.id,
  productId: stockMovements.productId,
  kind: stockMovements.kind,
  delta: stockMovements.delta,
  stockAfter: stockMovements.stockAfter,
  reason: stockMovements.reason,
  staffId: stockMovements.staffId,
  createdAt: stockMovements.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/**
 * A change (delta) or a count (set) of the product's stock, under the product's row lock so sales
 * in flight are neither lost nor double counted; recorded as a stock movement and in the audit log.
 * Stock back above 0 tells the product's "Notify me" requests, in the same transaction.
 */
export async function adjustStock(
  db: Db,
  config: AppConfig,
  staffId: number,
  productId: number,
  body: z.output<typeof stockAdjustmentRequest>,
): Promise<StockAdjustmentResponse> {
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    const stock = body.set ?? row.stock + (body.delta ?? 0);
    const field = body.set === undefined ? 'delta' : 'set';
    if (stock < 0) throw new FieldError(field, belowZero(row.stock));
    if (stock > MAX_STOCK) throw new FieldError(field, aboveMax);
    await tx.update(products).set({ stock }).where(eq(products.id, productId));
    const [movement] = await tx
      .insert(stockMovements)
      .values({
        productId,
        kind: 'adjustment',
        delta: stock - row.stock,
        stockAfter: stock,
        reason: body.reason,
        staffId,
      })
      .returning({ id: stockMovements.id });
    await recordAudit(tx, {
      staffId,
      entity: 'product',
      entityId: productId,
      action: 'stock_adjust',
      before: { stock: row.stock },
      after: { stock },
      note: body.reason,
    });
    if (row.stock <= 0 && stock > 0) await announceRestocks(tx, config, [productId]);
    const [saved] = await tx
      .select(movementColumns)
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.staffId))
      .where(eq(stockMovements.id, movement.id));
    return { movement: toMovement(saved), product: await productView(tx, productId) };
  });
}

export async function listStockMovements(
  db: DbOrTx,
  productId: number,
  query: z.output<typeof stockMovementListQuery>,
) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const where = eq(stockMovements.productId, productId);
  const [{ total }] = await db.select({ total: count() }).from(stockMovements).where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(movementColumns)
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.staffId))
    .where(where)
    .orderBy(...sortBy(stockMovements.createdAt, query.order, stockMovements.id))
    .limit(limit)
    .offset(offset);
  return pageAnswer(query, Number(total), rows.map(toMovement));
}
