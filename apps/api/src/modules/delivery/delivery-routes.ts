import { errorBody } from '@pasal/contract/common';
import { deliveryChargeRequest, deliveryChargeResponse } from '@pasal/contract/delivery';
import { deliverySlotsQuery, deliverySlotsResponse } from '@pasal/contract/delivery-slots';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DELIVERY_RULE_DEFAULTS as D } from '../../db/schema/locations';
import { toRupees } from '../../lib/money';
import { getAddress } from '../addresses/addresses-service';
import { centiKmToKm } from '../locations/station-queries';
import { deliveringStation, quoteDelivery } from './delivery-service';
import { slotOptions } from './delivery-slots';

const tags = ['delivery'];

// The rule as docs/delivery-charge.md states it, with the defaults a new station starts from.
const RULE = [
  'The charge comes from the station that delivers to the address (the one chosen on the address while it is active and still serves the local level, otherwise the nearest active one) and from the cart value at current prices, flash-sale prices included, before any promo code.',
  `Free when the cart is worth at least the station's free-delivery amount (default Rs ${toRupees(D.freeFromPaisa)}).`,
  `Otherwise a base charge (default Rs ${toRupees(D.baseChargePaisa)}) covers the first ${D.baseKm} km, and each started km beyond adds a per-km charge (default Rs ${toRupees(D.perKmPaisa)}).`,
  `delivery_time is "Same day" up to the station's same-day distance (default ${D.sameDayMaxKm} km, inclusive), "Next day" beyond.`,
  'With no address or an empty cart the charge is 0 and delivery_time and distance are null.',
  'An address no active station serves is a 400 with "No service stations available for this location."',
].join(' ');

export async function deliveryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.post(
    '/order/calculate-delivery-charge/',
    {
      schema: {
        summary: 'Quote the delivery charge for a cart to one of my addresses',
        description: RULE,
        operationId: 'calculateDeliveryCharge',
        tags,
        security: [{ bearerAuth: [] }],
        body: deliveryChargeRequest,
        response: { 200: deliveryChargeResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const quote = await quoteDelivery(db, {
        userId: request.user.id,
        addressId: request.body.address_id ?? null,
        lines: request.body.cart_items.map((line) => ({
          productId: line.product_id,
          quantity: line.quantity,
        })),
      });
      return {
        data: {
          delivery_info: {
            delivery_charge: toRupees(quote.chargePaisa),
            delivery_time: quote.deliveryTime,
            distance: quote.distanceCentiKm === null ? null : centiKmToKm(quote.distanceCentiKm),
            free_delivery_from: quote.freeFromPaisa === null ? null : toRupees(quote.freeFromPaisa),
          },
        },
      };
    },
  );

  app.get(
    '/order/delivery-slots/',
    {
      schema: {
        summary: 'The delivery slots for one of my addresses, today and tomorrow',
        description:
          'The slots of the station that delivers to the address (Nepal time), each with whether it can still take an order: ' +
          'a slot stops taking orders at its station’s cut-off before it starts (closed) or when its places are taken (full). ' +
          'Empty when the station offers no slots (checkout then takes none). Someone else’s address is a 404.',
        operationId: 'listDeliverySlots',
        tags,
        security: [{ bearerAuth: [] }],
        querystring: deliverySlotsQuery,
        response: { 200: deliverySlotsResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const address = await getAddress(db, request.user.id, request.query.address_id);
      const station = await deliveringStation(db, address);
      return { data: { slots: await slotOptions(db, station.id, new Date()) } };
    },
  );
}
