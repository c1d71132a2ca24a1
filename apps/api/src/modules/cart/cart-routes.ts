import { cartChangeRequest, cartList, cartRemoveParams, cartResponse } from '@pasal/contract/cart';
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readCart } from './cart-read';
import { addToCart, clearCart, removeFromCart, setCartQuantities } from './cart-service';

const tags = ['cart'];
const security = [{ bearerAuth: [] }];
// 413: a body over the server's limit; 415: a body that is not JSON.
const bodyErrors = { 400: errorBody, 401: errorBody, 413: errorBody, 415: errorBody };

/** The caller's own server cart (shopping.md §7); every route takes the user from the access token. */
export async function cartRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  // onRequest: a visitor gets 401 before any body is read or validated.
  app.addHook('onRequest', fastify.authenticate);

  app.get(
    '/cart/',
    {
      schema: {
        summary: 'Read my cart at current prices and stock',
        description:
          'Always exactly one cart (created on first use). Each line is priced now; a line whose product ' +
          'is no longer sold or has less stock than its quantity has is_available false and is left out of total.',
        operationId: 'getCart',
        tags,
        security,
        response: { 200: cartList, 401: errorBody },
      },
    },
    async (request) => ({ results: [await readCart(db, request.user.id)] }),
  );

  app.post(
    '/cart/add/',
    {
      schema: {
        summary: 'Add quantities to my cart',
        description:
          'Adds each quantity to the product’s line (creating it). A product repeated in one request is ' +
          'summed. The line’s new quantity must not exceed the stock ("Only {n} items available in stock", ' +
          'with product and available_quantity). On a running flash sale it must also fit the sale’s limit per customer, ' +
          'less what I ordered during the sale ("You can buy at most {n} of this flash sale item.", with product and ' +
          'flash_sale_limit). All or nothing: any refused line changes nothing.',
        operationId: 'addToCart',
        tags,
        security,
        body: cartChangeRequest,
        response: { 200: cartResponse, ...bodyErrors },
      },
    },
    async (request) => ({ cart: await addToCart(db, request.user.id, request.body.cart_products) }),
  );

  app.post(
    '/cart/update/',
    {
      schema: {
        summary: 'Set quantities in my cart',
        description:
          'Sets each product’s line to the given quantity (1 to the stock), creating it if absent. A product ' +
          'may appear once per request, and a flash sale’s limit per customer applies as for add. All or nothing: any ' +
          'refused line changes nothing.',
        operationId: 'updateCart',
        tags,
        security,
        body: cartChangeRequest,
        response: { 200: cartResponse, ...bodyErrors },
      },
    },
    async (request) => ({ cart: await setCartQuantities(db, request.user.id, request.body.cart_products) }),
  );

  app.delete(
    '/cart/remove/:product/',
    {
      schema: {
        summary: 'Remove a product from my cart',
        description: 'The path names the product id (not the line id). 404 when my cart has no line for it.',
        operationId: 'removeFromCart',
        tags,
        security,
        params: cartRemoveParams,
        response: { 200: cartResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ cart: await removeFromCart(db, request.user.id, request.params.product) }),
  );

  app.delete(
    '/cart/clear/',
    {
      schema: {
        summary: 'Empty my cart',
        operationId: 'clearCart',
        tags,
        security,
        response: { 200: cartResponse, 401: errorBody },
      },
    },
    async (request) => ({ cart: await clearCart(db, request.user.id) }),
  );
}
