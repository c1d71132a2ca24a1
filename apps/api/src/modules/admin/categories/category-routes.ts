import {
  adminCategory,
  adminCategoryCreate,
  adminCategoryOrder,
  adminCategoryParams,
  adminCategoryResponse,
  adminCategoryTree,
  adminCategoryUpdate,
  MAX_CATEGORY_IMAGE_BYTES,
} from '@pasal/contract/admin-categories';
import { conflictResponse, deletedResponse, versionQuery } from '@pasal/contract/admin-common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { readImageUpload } from '../../../lib/multipart-upload';
import { security } from '../route-schema';
import {
  categoryTree,
  categoryView,
  createCategory,
  deleteCategory,
  reorderCategories,
  replaceCategoryImage,
  updateCategory,
} from './category-service';

const tags = ['admin-categories'];
const IMAGE_TOO_LARGE = `The image must be smaller than ${MAX_CATEGORY_IMAGE_BYTES / 1024 / 1024} MB`;

export async function categoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;

  app.get(
    '/categories/',
    {
      schema: {
        summary: 'List every category as a tree',
        description: 'Top categories in display order, each with its subcategories. Not paged.',
        operationId: 'adminListCategories',
        tags,
        security,
        response: { 200: adminCategoryTree, ...errorResponses(401, 403) },
      },
    },
    async () => categoryTree(db),
  );

  app.post(
    '/categories/',
    {
      schema: {
        summary: 'Create a category',
        description:
          'parent: a top category’s id (or null for a new top category). A blank slug is made from the title; ' +
          'a left-out position puts it after its siblings. Add a picture with the image route.',
        operationId: 'adminCreateCategory',
        tags,
        security,
        body: adminCategoryCreate,
        response: { 201: adminCategoryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const category = await createCategory(db, request.user.id, request.body);
      return reply.code(201).send({ category });
    },
  );

  app.put(
    '/categories/order/',
    {
      schema: {
        summary: 'Put the subcategories of one category (or the top categories) in a new order',
        description:
          'List every child of parent once (parent null: every top category). A list made from an older view ' +
          'is a 409 carrying the tree as it is now (current). Categories that move get a new version.',
        operationId: 'adminReorderCategories',
        tags,
        security,
        body: adminCategoryOrder,
        response: {
          200: adminCategoryTree,
          ...errorResponses(400, 401, 403),
          409: conflictResponse(adminCategoryTree),
        },
      },
    },
    async (request) => reorderCategories(db, request.user.id, request.body.parent, request.body.category_ids),
  );

  app.get(
    '/categories/:categoryId/',
    {
      schema: {
        summary: 'Get a category',
        operationId: 'adminGetCategory',
        tags,
        security,
        params: adminCategoryParams,
        response: { 200: adminCategoryResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ category: await categoryView(db, request.params.categoryId) }),
  );

  app.patch(
    '/categories/:categoryId/',
    {
      schema: {
        summary: 'Change a category',
        description:
          'Send the fields to change and the version you read (409 with the current category when stale). ' +
          'Two levels only: a parent must be a top category, and a category with subcategories stays on top.',
        operationId: 'adminUpdateCategory',
        tags,
        security,
        params: adminCategoryParams,
        body: adminCategoryUpdate,
        response: {
          200: adminCategoryResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminCategory),
        },
      },
    },
    async (request) => ({
      category: await updateCategory(db, request.user.id, request.params.categoryId, request.body),
    }),
  );

  app.delete(
    '/categories/:categoryId/',
    {
      schema: {
        summary: 'Delete an empty category',
        description:
          'Only a category without products and subcategories (409 otherwise). ?version= is the version you read.',
        operationId: 'adminDeleteCategory',
        tags,
        security,
        params: adminCategoryParams,
        querystring: versionQuery,
        response: {
          200: deletedResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminCategory),
        },
      },
    },
    async (request) => {
      await deleteCategory(
        db,
        config.mediaDir,
        request.user.id,
        request.params.categoryId,
        request.query.version,
      );
      return { message: 'Category deleted.', id: request.params.categoryId };
    },
  );

  app.post(
    '/categories/:categoryId/image/',
    {
      schema: {
        summary: 'Replace the category’s picture (multipart/form-data, an image under 10 MB in `image`)',
        description:
          'Checked from its bytes like product pictures; stored as a 300×300 WebP. Raises the version (the answer carries it).',
        operationId: 'adminReplaceCategoryImage',
        tags,
        security,
        params: adminCategoryParams,
        response: { 200: adminCategoryResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { bytes } = await readImageUpload(request, {
        maxBytes: MAX_CATEGORY_IMAGE_BYTES,
        tooLarge: IMAGE_TOO_LARGE,
      });
      return {
        category: await replaceCategoryImage(
          db,
          config.mediaDir,
          request.user.id,
          request.params.categoryId,
          bytes,
        ),
      };
    },
  );
}
