import type { Address } from '@pasal/contract/addresses';
import { NO_SERVICE_STATIONS } from '@pasal/contract/delivery';
import { and, eq, inArray, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalogue';
import { deliveryStations } from '../../db/schema/locations';
import { BadRequestError } from '../../lib/errors';
import { getAddress } from '../addresses/addresses-service';
import { currentSellingPrice } from '../catalogue/product-queries';
import { findServingStations, type ServingStation } from '../locations/station-queries';
import { type DeliveryTime, deliveryCharge } from './delivery-rule';

export interface QuoteLine {
  productId: number;
  quantity: number;
}

export interface DeliveryQuote {
  chargePaisa: number;
  /** Null when there was nothing to deliver (no address or an empty cart). */
  deliveryTime: DeliveryTime | null;
  distanceCentiKm: number | null;
  /** The station that would deliver; null when there was nothing to deliver. */
  stationId: number | null;
  cartValuePaisa: number;
  /** From this cart value delivery is free (decision 047); null: never. */
  freeFromPaisa: number | null;
}

function noStations(): BadRequestError {
  return new BadRequestError(NO_SERVICE_STATIONS, { msg: NO_SERVICE_STATIONS });
}

/**
 * The cart's value at current server prices (flash-sale prices in force), in paisa. Every product
 * must exist and be on sale; lines are assumed distinct and in range (the contract checks that).
 */
export async function cartValue(db: DbOrTx, lines: QuoteLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const ids = lines.map((line) => line.productId);
  const rows = await db
    .select({ id: products.id, price: currentSellingPrice })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  const prices = new Map(rows.map((row) => [row.id, row.price]));
  const missing = ids.filter((id) => !prices.has(id));
  if (missing.length > 0) {
    const message = `Product ${missing.join(', ')} is not available.`;
    throw new BadRequestError(message, { msg: message, error: { cart_items: [message] } });
  }
  return lines.reduce((sum, line) => sum + (prices.get(line.productId) ?? 0) * line.quantity, 0);
}

/**
 * The station that delivers to an address: the one the customer chose when it still serves the
 * local level and is active, otherwise the nearest active one. None: "No service stations …".
 */
export async function deliveringStation(
  db: DbOrTx,
  address: { municipality_id: number; nearest_branch_id: number | null },
): Promise<ServingStation> {
  return chooseStation(await findServingStations(db, address.municipality_id), address.nearest_branch_id);
}

/** Of the active stations serving a local level (nearest first): the chosen one, else the nearest. */
export function chooseStation(stations: ServingStation[], nearestBranchId: number | null): ServingStation {
  const chosen = stations.find((s) => s.id === nearestBranchId) ?? stations[0];
  if (!chosen) throw noStations();
  return chosen;
}

export interface QuoteForValueInput {
  userId: number;
  /** Null: no address chosen yet (the charge is 0). */
  addressId: number | null;
  cartValuePaisa: number;
  /** False when the cart has no lines (the charge is 0). */
  hasLines: boolean;
}

async function quoteFor(
  db: DbOrTx,
  address: Address | null,
  cartValuePaisa: number,
  hasLines: boolean,
): Promise<DeliveryQuote> {
  if (!address || !hasLines) {
    return {
      chargePaisa: 0,
      deliveryTime: null,
      distanceCentiKm: null,
      stationId: null,
      cartValuePaisa,
      // An empty cart needs no hint (and an address nobody serves must not be refused for it).
      freeFromPaisa: address ? null : await lowestFreeFrom(db),
    };
  }
  const station = await deliveringStation(db, address);
  const charge = deliveryCharge(station.rule, { distanceCentiKm: station.distanceCentiKm, cartValuePaisa });
  return {
    chargePaisa: charge.chargePaisa,
    deliveryTime: charge.deliveryTime,
    distanceCentiKm: station.distanceCentiKm,
    stationId: station.id,
    cartValuePaisa,
    freeFromPaisa: station.rule.freeFromPaisa,
  };
}

/** With no address yet: the lowest free-delivery amount of any active station (null: none is ever free). */
async function lowestFreeFrom(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ lowest: min(deliveryStations.freeFromPaisa) })
    .from(deliveryStations)
    .where(eq(deliveryStations.isActive, true));
  return row?.lowest ?? null;
}

/**
 * The delivery charge for a cart already priced by the caller (the checkout prices its locked
 * lines itself, before any promo). Someone else's address is a 404 even when the charge would be 0.
 */
export async function quoteDeliveryForValue(db: DbOrTx, input: QuoteForValueInput): Promise<DeliveryQuote> {
  const address = input.addressId === null ? null : await getAddress(db, input.userId, input.addressId);
  return quoteFor(db, address, input.cartValuePaisa, input.hasLines);
}

export interface QuoteInput {
  userId: number;
  addressId: number | null;
  lines: QuoteLine[];
}

/** Prices the lines at current server prices, then applies the delivery rule. */
export async function quoteDelivery(db: DbOrTx, input: QuoteInput): Promise<DeliveryQuote> {
  // Ownership first: someone else's address id is a 404 before anything about the cart is said.
  const address = input.addressId === null ? null : await getAddress(db, input.userId, input.addressId);
  const value = await cartValue(db, input.lines);
  return quoteFor(db, address, value, input.lines.length > 0);
}
