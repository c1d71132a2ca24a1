import { conflictResponse, deletedResponse, versionQuery } from '@pasal/contract/admin-common';
import {
  adminSynonym,
  adminSynonymCreate,
  adminSynonymList,
  adminSynonymParams,
  adminSynonymResponse,
  adminSynonymUpdate,
} from '@pasal/contract/admin-search-synonyms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { createSynonym, deleteSynonym, listSynonyms, updateSynonym } from './synonym-service';

const tags = ['admin-search-synonyms'];

export async function synonymRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/search-synonyms/',
    {
      schema: {
        summary: 'List the search synonym groups',
        operationId: 'adminListSearchSynonyms',
        tags,
        security,
        response: { 200: adminSynonymList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ results: await listSynonyms(db) }),
  );

  app.post(
    '/search-synonyms/',
    {
      schema: {
        summary: 'Add a group of words search treats as equal',
        operationId: 'adminCreateSearchSynonym',
        tags,
        security,
        body: adminSynonymCreate,
        response: { 201: adminSynonymResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const synonym = await createSynonym(db, request.user.id, request.body.words);
      return reply.code(201).send({ synonym });
    },
  );

  app.put(
    '/search-synonyms/:synonymId/',
    {
      schema: {
        summary: 'Replace the words of a synonym group',
        description: 'Send the version you read (409 with the current group when stale).',
        operationId: 'adminUpdateSearchSynonym',
        tags,
        security,
        params: adminSynonymParams,
        body: adminSynonymUpdate,
        response: {
          200: adminSynonymResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminSynonym),
        },
      },
    },
    async (request) => ({
      synonym: await updateSynonym(db, request.user.id, request.params.synonymId, request.body),
    }),
  );

  app.delete(
    '/search-synonyms/:synonymId/',
    {
      schema: {
        summary: 'Delete a synonym group',
        operationId: 'adminDeleteSearchSynonym',
        tags,
        security,
        params: adminSynonymParams,
        querystring: versionQuery,
        response: {
          200: deletedResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminSynonym),
        },
      },
    },
    async (request) => {
      await deleteSynonym(db, request.user.id, request.params.synonymId, request.query.version);
      return { message: 'Synonym group deleted.', id: request.params.synonymId };
    },
  );
}
