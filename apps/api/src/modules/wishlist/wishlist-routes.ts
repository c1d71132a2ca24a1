import { errorBody } from '@pasal/contract/common';
import {
  WISHLIST_ENTRY_REMOVED,
  wishlistCreateRequest,
  wishlistEntry,
  wishlistList,
  wishlistParams,
  wishlistRemoveResponse,
} from '@pasal/contract/wishlist';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist-service';

const tags = ['wishlist'];
const security = [{ bearerAuth: [] }];

/** The caller's own wishlist (shopping.md §7). */
export async function wishlistRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.post(
    '/create/wishlist/',
    {
      schema: {
        summary: 'Add a product to my wishlist',
        description:
          '201 with the new entry; a product already on my wishlist answers its existing entry with 200 ' +
          '(never a second entry). A product that is unknown or no longer sold is a 400.',
        operationId: 'addToWishlist',
        tags,
        security,
        body: wishlistCreateRequest,
        response: {
          200: wishlistEntry,
          201: wishlistEntry,
          400: errorBody,
          401: errorBody,
          413: errorBody,
          415: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { created, entry } = await addToWishlist(db, request.user.id, request.body.item);
      return reply.code(created ? 201 : 200).send(entry);
    },
  );

  app.delete(
    '/update/wishlist/:wishlistId/',
    {
      schema: {
        summary: 'Remove an entry from my wishlist',
        description: 'Takes the entry id (not the product id). Anybody else’s entry id is a 404.',
        operationId: 'removeFromWishlist',
        tags,
        security,
        params: wishlistParams,
        response: {
          200: wishlistRemoveResponse,
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      await removeFromWishlist(db, request.user.id, request.params.wishlistId);
      return { id: request.params.wishlistId, message: WISHLIST_ENTRY_REMOVED };
    },
  );

  app.get(
    '/list/wishlist/',
    {
      schema: {
        summary: 'List my wishlist',
        description: 'Newest first. Products no longer sold are left out.',
        operationId: 'listWishlist',
        tags,
        security,
        response: { 200: wishlistList, 401: errorBody },
      },
    },
    async (request) => ({ results: await listWishlist(db, request.user.id) }),
  );
}
