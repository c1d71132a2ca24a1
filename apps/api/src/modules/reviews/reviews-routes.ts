import { REVIEW_THANKS, reviewParams, reviewRequest, reviewResponse } from '@pasal/contract/reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { reviewProduct } from './reviews-service';

/** POST /product/{productId}/review/ (DECISIONS.md §3; the Ratings tab of §4). */
export async function reviewsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  app.addHook('onRequest', fastify.authenticate);

  app.post(
    '/product/:productId/review/',
    {
      schema: {
        summary: 'Review a product that was delivered to me (once per product)',
        description:
          'rating: a whole number from 1 to 5; review: text up to 1000 characters (may be empty). Only for a product ' +
          'in one of my delivered orders (403 otherwise), once (409 on a second review). The product’s rating and ' +
          'rating_count follow at once, and the review shows under the product’s Reviews tab.',
        operationId: 'reviewProduct',
        tags: ['reviews'],
        security: [{ bearerAuth: [] }],
        params: reviewParams,
        body: reviewRequest,
        response: { 201: reviewResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const written = await reviewProduct(db, {
        userId: request.user.id,
        productId: request.params.productId,
        rating: request.body.rating,
        review: request.body.review,
      });
      // The review is committed: this instance's cached product answers show it at once (others
      // within the catalogue cache's bound).
      fastify.catalogueCache.clear();
      return reply.code(201).send({ message: REVIEW_THANKS, ...written });
    },
  );
}
