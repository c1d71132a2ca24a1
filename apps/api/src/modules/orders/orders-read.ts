import { ADDRESS_TYPES, type AddressType } from '@pasal/contract/addresses';
import {
  type Cancellation,
  type DeliveredProduct,
  MAX_DELIVERED_PRODUCTS,
  ORDER_NOT_FOUND,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderAddress,
  type OrderDetail,
} from '@pasal/contract/orders';
import { type CancelReason, cancelReasonCode } from '@pasal/contract/staff-cancel-reasons';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImages, products, reviews } from '../../db/schema/catalogue';
import { deliveryStations } from '../../db/schema/locations';
import { orderCancellations, orderLines, orderStatusHistory, orders } from '../../db/schema/orders';
import { vouchers } from '../../db/schema/shopping';
import { NotFoundError } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { orderSlotView } from '../delivery/delivery-slots';
import { toOrderPaymentFields } from '../payments/order-payment-mapper';
import { canPayAgain } from '../payments/payment-service';
import type { OrderRow } from './cancel-order';
import type { OrderActor } from './order-history';

type OrderWithCode = OrderRow & { voucherCode: string | null };

interface LineRow {
  id: number;
  orderId: number;
  productId: number;
  productSlug: string;
  title: string;
  image: string | null;
  quantity: number;
  unitPrice: number;
  markedPrice: number;
  lineTotal: number;
}

/** The address snapshot as stored at checkout, read defensively (older rows may hold fewer fields). */
export function toOrderAddress(snapshot: unknown): OrderAddress {
  const s = (snapshot && typeof snapshot === 'object' ? snapshot : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' ? (s[key] as string) : '');
  const type = s.address_type;
  return {
    address_type: ADDRESS_TYPES.includes(type as AddressType) ? (type as AddressType) : 'Home',
    full_name: text('full_name'),
    phone: text('phone'),
    location: text('location'),
    land_mark: text('land_mark'),
    municipality: text('municipality'),
    district: text('district'),
    province: text('province'),
    municipality_ne: typeof s.municipality_ne === 'string' ? s.municipality_ne : null,
    district_ne: typeof s.district_ne === 'string' ? s.district_ne : null,
    province_ne: typeof s.province_ne === 'string' ? s.province_ne : null,
    nearest_branch: typeof s.nearest_branch === 'string' ? s.nearest_branch : null,
  };
}

function toOrder(row: OrderWithCode, lines: LineRow[]): Order {
  return {
    id: row.id,
    tracking_id: row.trackingId,
    created_at: row.createdAt.toISOString(),
    order_status: row.orderStatus,
    total: toRupees(row.total),
    subtotal: toRupees(row.subtotal),
    discount: toRupees(row.discount),
    delivery_charge: toRupees(row.deliveryCharge),
    voucher_code: row.voucherCode,
    notes: row.notes,
    shipping_address: toOrderAddress(row.shippingAddress),
    slot: orderSlotView(row),
    lines: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      product_slug: line.productSlug,
      title: line.title,
      image: line.image,
      quantity: line.quantity,
      price: toRupees(line.unitPrice),
      marked_price: toRupees(line.markedPrice),
      line_total: toRupees(line.lineTotal),
    })),
    can_cancel: row.orderStatus === 'Order Processing',
    can_pay: canPayAgain(row),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    ...toOrderPaymentFields(row),
  };
}

async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, LineRow[]>> {
  const byOrder = new Map<number, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      productSlug: products.slug,
      title: orderLines.title,
      image: orderLines.image,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      markedPrice: orderLines.markedPrice,
      lineTotal: orderLines.lineTotal,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

function ordersWithCode(db: DbOrTx) {
  return db
    .select({ order: orders, voucherCode: vouchers.code })
    .from(orders)
    .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
    .$dynamic();
}

/** One page of the customer's orders, newest first, each with its lines. */
export async function listOrders(
  db: DbOrTx,
  userId: number,
  page: number,
): Promise<{ count: number; results: Order[] }> {
  const [{ total }] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  const rows = await ordersWithCode(db)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    count: Number(total),
    results: rows.map((r) =>
      toOrder({ ...r.order, voucherCode: r.voucherCode }, lines.get(r.order.id) ?? []),
    ),
  };
}

/** A cancellation's reason from staff's list or the shop's own (decisions 070, 073); null for a typed one. */
function cancelReasonOf(by: OrderActor, text: string | null): CancelReason | null {
  return text ? cancelReasonCode(by, text) : null;
}

/** One of the customer's orders with its history; anybody else's is a 404. */
export async function getOrderDetail(db: DbOrTx, userId: number, orderId: number): Promise<OrderDetail> {
  const [row] = await ordersWithCode(db).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
  const lines = await linesOf(db, [orderId]);
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const [cancellation] = await db
    .select()
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, orderId));
  const stationId = row.order.deliveryStationId;
  const [station] =
    stationId === null
      ? []
      : await db
          .select({ name: deliveryStations.name })
          .from(deliveryStations)
          .where(eq(deliveryStations.id, stationId));
  return {
    ...toOrder({ ...row.order, voucherCode: row.voucherCode }, lines.get(orderId) ?? []),
    history: history.map((h) => ({
      status: h.toStatus,
      at: h.createdAt.toISOString(),
      by: h.actor,
      // A failed delivery shows its reason from the list (in the customer's language, by the
      // storefront); the history's text carries the rider's note, which is for the shop.
      reason: h.notDeliveredReason ? null : h.reason,
      not_delivered_reason: h.notDeliveredReason,
      cancel_reason: h.toStatus === 'Cancelled' ? cancelReasonOf(h.actor, h.reason) : null,
    })),
    delivery_station: station?.name ?? null,
    cancellation: cancellation
      ? {
          created_on: cancellation.createdOn.toISOString(),
          remarks: cancellation.remarks,
          by: cancellation.cancelledBy,
          cancel_reason: cancelReasonOf(cancellation.cancelledBy, cancellation.remarks),
        }
      : null,
  };
}

/** One page of the customer's cancelled orders, most recently cancelled first. */
export async function listCancellations(
  db: DbOrTx,
  userId: number,
  page: number,
): Promise<{ count: number; results: Cancellation[] }> {
  const mine = eq(orders.userId, userId);
  const [{ total }] = await db
    .select({ total: count() })
    .from(orderCancellations)
    .innerJoin(orders, eq(orders.id, orderCancellations.orderId))
    .where(mine);
  const rows = await db
    .select({ cancellation: orderCancellations, order: orders })
    .from(orderCancellations)
    .innerJoin(orders, eq(orders.id, orderCancellations.orderId))
    .where(mine)
    .orderBy(desc(orderCancellations.createdOn), desc(orderCancellations.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  return {
    count: Number(total),
    results: rows.map(({ cancellation, order }) => ({
      id: cancellation.id,
      created_on: cancellation.createdOn.toISOString(),
      remarks: cancellation.remarks,
      cancelled_by: cancellation.cancelledBy,
      cancel_reason: cancelReasonOf(cancellation.cancelledBy, cancellation.remarks),
      order: {
        id: order.id,
        tracking_id: order.trackingId,
        created_at: order.createdAt.toISOString(),
        total: toRupees(order.total),
        ...toOrderPaymentFields(order),
      },
    })),
  };
}

/**
 * The products of the customer's delivered orders, one entry per product (its latest delivered
 * order), newest purchase first, at most MAX_DELIVERED_PRODUCTS. `unreviewedOnly`: the Ratings
 * tab's list, products the customer has not reviewed yet.
 */
export async function listDeliveredProducts(
  db: DbOrTx,
  userId: number,
  options: { unreviewedOnly?: boolean } = {},
): Promise<DeliveredProduct[]> {
  const reviewed = sql<boolean>`exists (
    select 1 from ${reviews} where ${reviews.productId} = ${orderLines.productId} and ${reviews.userId} = ${userId}
  )`;
  const rows = await db
    .selectDistinctOn([orderLines.productId], {
      productId: orderLines.productId,
      slug: products.slug,
      title: orderLines.title,
      shortDescription: products.shortDescription,
      unitPrice: orderLines.unitPrice,
      markedPrice: orderLines.markedPrice,
      quantity: orderLines.quantity,
      lineImage: orderLines.image,
      orderId: orders.id,
      createdAt: orders.createdAt,
      reviewed,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orders.userId, userId), eq(orders.orderStatus, 'Delivered')))
    .orderBy(asc(orderLines.productId), desc(orders.createdAt), desc(orders.id));
  const chosen = rows
    .filter((row) => !(options.unreviewedOnly && row.reviewed))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.orderId - a.orderId)
    .slice(0, MAX_DELIVERED_PRODUCTS);
  const images = new Map<number, { image: string; thumbnail_image: string }>();
  if (chosen.length > 0) {
    const imageRows = await db
      .select({
        productId: productImages.productId,
        image: productImages.image,
        thumbnail: productImages.thumbnail,
      })
      .from(productImages)
      .where(
        and(
          inArray(
            productImages.productId,
            chosen.map((r) => r.productId),
          ),
          eq(productImages.isPrimary, true),
        ),
      )
      .orderBy(asc(productImages.position));
    for (const row of imageRows) {
      if (!images.has(row.productId))
        images.set(row.productId, { image: row.image, thumbnail_image: row.thumbnail });
    }
  }
  return chosen.map((row) => ({
    id: row.productId,
    slug: row.slug,
    title: row.title,
    short_description: row.shortDescription,
    selling_price: toRupees(row.unitPrice),
    marked_price: toRupees(row.markedPrice),
    created_on: row.createdAt.toISOString(),
    primary_image:
      images.get(row.productId) ??
      (row.lineImage ? { image: row.lineImage, thumbnail_image: row.lineImage } : null),
    order_id: row.orderId,
    quantity: row.quantity,
    reviewed: Boolean(row.reviewed),
  }));
}
