import { sql } from 'drizzle-orm';
import { fixedStatement } from '../../db/fixed-statement';
import type { AddressRow } from '../addresses/addresses-service';
import { boughtInRunningSale, runningSaleLimit } from '../cart/flash-sale-limit';
import { currentSellingPrice } from '../catalogue/product-queries';
import type { StationRow } from '../locations/station-queries';

// The checkout's own statements, rendered once and prepared by name on each connection
// (db/fixed-statement.ts): building them with drizzle's query builder on every order cost more CPU
// than running them, and PostgreSQL parses and plans each once per connection. The order in which the
// checkout runs them is what keeps the hot product's row lock short (decision 029): every read and
// write that does not need the lock first, the stock last, then the commit.

/** A product of the order as it is now (no lock), with its primary thumbnail. */
export interface ProductNow {
  id: number;
  title: string;
  stock: number;
  isActive: boolean;
  markedPrice: number;
  price: number;
  thumbnail: string | null;
  /** The product's Nepali title ('' when it has none), for a Nepali confirmation. */
  nepaliTitle: string;
  /** The per-customer limit of the product's running flash sale, null without one (decision 038). */
  flashLimit: number | null;
  /** Units the customer already ordered in that sale (non-cancelled orders). */
  flashBought: number;
}

/**
 * One row per ordered product found (none found: one row with a null id): the product, the
 * customer's contact for the confirmation, the address ordered to (null when it is not one of the
 * customer's live addresses) and the active stations serving its local level, nearest first.
 */
export interface OrderContextRow extends Omit<ProductNow, 'id'> {
  id: number | null;
  email: string | null;
  /** The owner proved the e-mail address (only then does mail go to it). */
  emailVerified: boolean;
  phone: string | null;
  firstName: string;
  /** The language of the customer's messages (decision 045). */
  language: 'en' | 'ne';
  /** With the places' Nepali names, for a Nepali confirmation. */
  address: Omit<AddressRow, 'isDeliverable'> | null;
  stations: StationRow[];
  /** The customer's cash orders waiting for delivery, unpaid (decision 038). */
  openCashOrders: number;
}

/**
 * The first statement of every checkout: one customer's checkouts run one after the other from
 * here to their commit, so the limits counted by the next statement (open cash orders, units
 * bought in a flash sale) cannot be passed by two orders at once (decision 038). Other customers
 * never wait on it; the product rows are locked later (decision 029).
 */
export const lockCustomer = fixedStatement<Record<string, never>, 'userId'>(
  'checkout_lock_customer',
  (value) => sql`select pg_advisory_xact_lock(hashtext('checkout:' || ${value('userId')}::integer::text))`,
);

/**
 * Everything the order is decided from, in one read (no row lock; after `lockCustomer`): what
 * `getAddress`, `findServingStations` and the product and customer look-ups select, with the same
 * field names so their own mappers (`toAddress`, `toServingStation`) read it, and the counts the
 * customer's limits are checked against.
 */
export const orderContext = fixedStatement<OrderContextRow, 'userId' | 'addressId' | 'ids'>(
  'checkout_order_context',
  (value) => sql`
    with address as (
      select a.id, a.address_type as "addressType", a.location, a.land_mark as "landMark",
        pr.name as province, pr.name_ne as "provinceNe", a.province_id as "provinceId", d.name as district, a.district_id as "districtId",
        d.name_ne as "districtNe", m.name_ne as "municipalityNe", m.name as municipality, a.municipality_id as "municipalityId", b.name as "nearestBranch",
        a.nearest_branch_id as "nearestBranchId", a.full_name as "fullName", a.phone, a.is_default as "isDefault"
      from addresses a
      join provinces pr on pr.id = a.province_id
      join districts d on d.id = a.district_id
      join municipalities m on m.id = a.municipality_id
      left join delivery_stations b on b.id = a.nearest_branch_id
      where a.id = ${value('addressId')} and a.user_id = ${value('userId')} and a.deleted_at is null
    ), stations as (
      select coalesce(json_agg(json_build_object(
          'id', ds.id, 'name', ds.name, 'address', ds.address,
          'distanceCentiKm', (sc.distance_km * 100)::integer,
          'baseChargePaisa', ds.base_charge_paisa, 'baseKm', ds.base_km, 'perKmPaisa', ds.per_km_paisa,
          'freeFromPaisa', ds.free_from_paisa, 'sameDayMaxKm', ds.same_day_max_km
        ) order by sc.distance_km, ds.id), '[]'::json) as list
      from address
      join station_coverage sc on sc.municipality_id = address."municipalityId"
      join delivery_stations ds on ds.id = sc.station_id and ds.is_active
    )
    select (select row_to_json(address) from address) as address, (select list from stations) as stations,
      products.id, products.title, products.nepali_title as "nepaliTitle", products.stock, products.is_active as "isActive",
      products.marked_price_paisa as "markedPrice", ${currentSellingPrice} as price,
      (select pi.thumbnail from product_images pi
        where pi.product_id = products.id and pi.is_primary order by pi.position limit 1) as thumbnail,
      ${runningSaleLimit(sql`products.id`)} as "flashLimit",
      ${boughtInRunningSale(sql`products.id`, sql`users.id`)} as "flashBought",
      (select count(*)::integer from orders o where o.user_id = users.id and o.payment_method = 'cash'
        and o.order_status not in ('Delivered', 'Cancelled') and not o.payment_completed) as "openCashOrders",
      users.email, users.email_verified_at is not null as "emailVerified", users.phone,
      users.first_name as "firstName", users.language
    from users left join products on products.id = any(${value('ids')}::integer[])
    where users.id = ${value('userId')}
  `,
);

/**
 * Everything the order writes that does not touch a product row: the order, its first history
 * row, the promo use, the bought products' cart lines, the confirmation in the outbox and the
 * Idempotency-Key's answer (its order_id added here, where the id is known). Answers the order's
 * id and the outbox row's.
 */
export const writeOrder = fixedStatement<
  { orderId: number; messageId: number | null },
  | 'userId'
  | 'trackingId'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'paymentCompleted'
  | 'addressId'
  | 'shippingAddress'
  | 'subtotal'
  | 'discount'
  | 'deliveryCharge'
  | 'total'
  | 'voucherId'
  | 'stationId'
  | 'slotId'
  | 'slotDate'
  | 'slotStarts'
  | 'slotEnds'
  | 'notes'
  | 'buyerPan'
  | 'now'
  | 'ids'
  | 'recipient'
  | 'channel'
  | 'subject'
  | 'text'
  | 'provider'
  | 'sentAt'
  | 'nextAttemptAt'
  | 'segments'
  | 'keyId'
  | 'keyStatus'
  | 'answer'
>(
  'checkout_write_order',
  (value) => sql`
    with placed as (
      insert into orders (user_id, tracking_id, payment_method, payment_status, payment_completed,
        address_id, shipping_address, subtotal_paisa, discount_paisa, delivery_charge_paisa, total_paisa,
        voucher_id, delivery_station_id, slot_id, slot_date, slot_starts_minute, slot_ends_minute, notes,
        buyer_pan, created_at, updated_at)
      values (${value('userId')}, ${value('trackingId')}, ${value('paymentMethod')}, ${value('paymentStatus')},
        ${value('paymentCompleted')}, ${value('addressId')}, ${value('shippingAddress')}::jsonb, ${value('subtotal')},
        ${value('discount')}, ${value('deliveryCharge')}, ${value('total')}, ${value('voucherId')}::integer,
        ${value('stationId')}, ${value('slotId')}::integer, ${value('slotDate')}::date,
        ${value('slotStarts')}::integer, ${value('slotEnds')}::integer, ${value('notes')}, ${value('buyerPan')}::text,
        ${value('now')}::timestamptz, ${value('now')}::timestamptz)
      returning id
    ), history as (
      insert into order_status_history (order_id, from_status, to_status, actor, actor_user_id, created_at)
      select id, null, 'Order Processing', 'customer', ${value('userId')}, ${value('now')}::timestamptz from placed
    ), promo as (
      insert into voucher_uses (voucher_id, user_id, order_id)
      select ${value('voucherId')}::integer, ${value('userId')}, id from placed
      where ${value('voucherId')}::integer is not null
    ), uncart as (
      delete from cart_items
      where product_id = any(${value('ids')}::integer[])
        and cart_id in (select id from carts where user_id = ${value('userId')})
    ), message as (
      insert into message_outbox (recipient, channel, subject, text, provider, sent_at, next_attempt_at, segments)
      select ${value('recipient')}, ${value('channel')}::text, ${value('subject')}, ${value('text')},
        ${value('provider')}, ${value('sentAt')}::timestamptz, ${value('nextAttemptAt')}::timestamptz,
        ${value('segments')}::integer
      where ${value('channel')}::text is not null
      returning id
    ), answer as (
      update idempotency_keys
      set status_code = ${value('keyStatus')}::integer,
        response_body = ${value('answer')}::jsonb || jsonb_build_object('order_id', placed.id)
      from placed where idempotency_keys.id = ${value('keyId')}::integer
    )
    select placed.id as "orderId", (select id from message) as "messageId" from placed
  `,
);

/**
 * The last statement before the commit: takes every quantity off, only while each product is
 * still sold, at the price the order was priced at, with stock for its line, and then writes the
 * order's lines. The rows are locked first, all of them, in ascending id (the one order every
 * writer of stock takes product rows in), with NO KEY UPDATE: the lock a stock update needs, which
 * does not block other orders' foreign-key checks on the product. Answers how many lines were
 * sold: fewer than ordered means nothing may be committed (the caller rolls back).
 */
export const takeStock = fixedStatement<
  { sold: number },
  'orderId' | 'ids' | 'quantities' | 'prices' | 'markedPrices' | 'titles' | 'images' | 'lineTotals'
>(
  'checkout_take_stock',
  (value) => sql`
    with locked as (
      select id from products where id = any(${value('ids')}::integer[]) order by id for no key update
    ), sold as (
      update products set stock = products.stock - w.quantity
      from unnest(${value('ids')}::integer[], ${value('quantities')}::integer[], ${value('prices')}::integer[],
        ${value('markedPrices')}::integer[]) as w(id, quantity, price, marked_price)
      where (select count(*) from locked) = cardinality(${value('ids')}::integer[])
        and products.id = w.id and products.is_active and products.stock >= w.quantity
        and ${currentSellingPrice} = w.price and products.marked_price_paisa = w.marked_price
      returning products.id
    ), lines as (
      insert into order_lines (order_id, product_id, title, image, quantity, unit_price_paisa,
        marked_price_paisa, line_total_paisa)
      select ${value('orderId')}, l.product_id, l.title, l.image, l.quantity, l.price, l.marked_price, l.line_total
      from unnest(${value('ids')}::integer[], ${value('titles')}::text[], ${value('images')}::text[],
        ${value('quantities')}::integer[], ${value('prices')}::integer[], ${value('markedPrices')}::integer[],
        ${value('lineTotals')}::integer[]) as l(product_id, title, image, quantity, price, marked_price, line_total)
      where (select count(*) from sold) = cardinality(${value('ids')}::integer[])
    )
    select (select count(*) from sold)::integer as sold
  `,
);
