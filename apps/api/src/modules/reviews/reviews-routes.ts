import {
  helpfulParams,
  helpfulResponse,
  REVIEW_THANKS,
  reviewListQuery,
  reviewListResponse,
  reviewParams,
  reviewRequest,
  reviewResponse,
} from '@pasal/contract/reviews';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { listReviews, setHelpful } from './helpful-service';
import { reviewProduct } from './reviews-service';

/**
 * POST /product/{productId}/review/ (DECISIONS.md §3; the Ratings tab of §4), and the review list
 * with "helpful" marks (decision 056).
 */
export async function reviewsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  const authenticate = fastify.authenticate;
  // The list is public; a token, when sent, must be valid, and adds the caller's own marks.
  const authenticateIfSent = async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) await fastify.authenticate(request);
  };

  app.get(
    '/product/:productId/reviews/',
    {
      onRequest: authenticateIfSent,
      schema: {
        summary: 'List a product’s reviews, newest or most helpful first, with their helpful marks',
        description:
          'Public. With a bearer token, `voted` says whether the caller marked each review helpful and `mine` ' +
          'which one is theirs (an invalid token is a 401). Never cached: the marks change as customers vote.',
        operationId: 'listProductReviews',
        tags: ['reviews'],
        params: reviewParams,
        querystring: reviewListQuery,
        response: { 200: reviewListResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      results: await listReviews(
        db,
        request.params.productId,
        request.query.sort ?? 'newest',
        request.user?.id ?? null,
      ),
    }),
  );

  for (const [method, helpful] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/review/:reviewId/helpful/',
      onRequest: authenticate,
      schema: {
        summary: helpful
          ? 'Mark another customer’s review helpful (once; marking again changes nothing)'
          : 'Take back my helpful mark on a review (nothing changes if there was none)',
        description: 'Not on one’s own review (403). Answers the review’s helpful count after the change.',
        operationId: helpful ? 'markReviewHelpful' : 'unmarkReviewHelpful',
        tags: ['reviews'],
        security: [{ bearerAuth: [] }],
        params: helpfulParams,
        response: { 200: helpfulResponse, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) =>
        setHelpful(db, { userId: request.user.id, reviewId: request.params.reviewId, helpful }),
    });
  }

  app.post(
    '/product/:productId/review/',
    {
      onRequest: authenticate,
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
