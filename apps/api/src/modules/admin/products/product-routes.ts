import { conflictResponse } from '@pasal/contract/admin-common';
import {
  adminImageOrder,
  adminProduct,
  adminProductCreate,
  adminProductImageParams,
  adminProductImagesResponse,
  adminProductListQuery,
  adminProductPage,
  adminProductParams,
  adminProductResponse,
  adminProductUpdate,
  MAX_PRODUCT_IMAGE_BYTES,
  stockAdjustmentRequest,
  stockAdjustmentResponse,
  stockMovementListQuery,
  stockMovementPage,
} from '@pasal/contract/admin-products';
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { readImageUpload } from '../../../lib/multipart-upload';
import { security } from '../route-schema';
import { addProductImage, deleteProductImage, reorderProductImages, setPrimaryImage } from './product-images';
import { createProduct, listProducts, updateProduct } from './product-service';
import { productView } from './product-view';
import { adjustStock, listStockMovements } from './stock-adjustments';

const tags = ['admin-products'];
export const IMAGE_TOO_LARGE = `The image must be smaller than ${MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024} MB`;

export async function productRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;

  app.get(
    '/products/',
    {
      schema: {
        summary: 'List products (search, filters, paging)',
        description:
          'Inactive products included. q matches every word in the title, the Nepali title or the slug, or the id.',
        operationId: 'adminListProducts',
        tags,
        security,
        querystring: adminProductListQuery,
        response: { 200: adminProductPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listProducts(db, request.query),
  );

  app.post(
    '/products/',
    {
      schema: {
        summary: 'Create a product',
        description:
          'Prices in rupees (at most 2 decimals); the selling price may not exceed the marked price. ' +
          'A blank slug is made from the title. The initial stock is recorded as a stock movement.',
        operationId: 'adminCreateProduct',
        tags,
        security,
        body: adminProductCreate,
        response: { 201: adminProductResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const product = await createProduct(db, request.user.id, request.body);
      return reply.code(201).send({ product });
    },
  );

  app.get(
    '/products/:productId/',
    {
      schema: {
        summary: 'Get a product with its pictures',
        operationId: 'adminGetProduct',
        tags,
        security,
        params: adminProductParams,
        response: { 200: adminProductResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ product: await productView(db, request.params.productId) }),
  );

  app.patch(
    '/products/:productId/',
    {
      schema: {
        summary: 'Change a product',
        description:
          'Send the fields to change and the version you read. A stale version is a 409 carrying the product ' +
          'as it is now (current). Stock is not edited here: use a stock adjustment. is_active false hides ' +
          'the product from the storefront; carts that hold it show it unavailable.',
        operationId: 'adminUpdateProduct',
        tags,
        security,
        params: adminProductParams,
        body: adminProductUpdate,
        response: {
          200: adminProductResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminProduct),
        },
      },
    },
    async (request) => ({
      product: await updateProduct(db, config, request.user.id, request.params.productId, request.body),
    }),
  );

  app.post(
    '/products/:productId/images/',
    {
      schema: {
        summary: 'Add a picture (multipart/form-data, an image under 10 MB in `image`)',
        description:
          'JPEG, PNG, WebP, GIF or AVIF, checked from its bytes (SVG and other files are refused), at most ' +
          '40 megapixels. Stored as an 800×800 WebP (the whole picture on white) and a 300×300 thumbnail. ' +
          'The first picture becomes the primary. Answers all the pictures.',
        operationId: 'adminAddProductImage',
        tags,
        security,
        params: adminProductParams,
        response: { 201: adminProductImagesResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const { bytes } = await readImageUpload(request, {
        maxBytes: MAX_PRODUCT_IMAGE_BYTES,
        tooLarge: IMAGE_TOO_LARGE,
      });
      const images = await addProductImage(
        db,
        config.mediaDir,
        request.user.id,
        request.params.productId,
        bytes,
      );
      return reply.code(201).send({ images });
    },
  );

  app.put(
    '/products/:productId/images/order/',
    {
      schema: {
        summary: 'Put the pictures in a new order',
        description:
          'List every picture of the product once. A list made from an older view (a picture added or deleted ' +
          'since) is a 409 carrying the pictures as they are now (current.images).',
        operationId: 'adminReorderProductImages',
        tags,
        security,
        params: adminProductParams,
        body: adminImageOrder,
        response: {
          200: adminProductImagesResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminProductImagesResponse),
        },
      },
    },
    async (request) => ({
      images: await reorderProductImages(
        db,
        request.user.id,
        request.params.productId,
        request.body.image_ids,
      ),
    }),
  );

  app.post(
    '/products/:productId/images/:imageId/primary/',
    {
      schema: {
        summary: 'Make a picture the primary one',
        operationId: 'adminSetPrimaryProductImage',
        tags,
        security,
        params: adminProductImageParams,
        response: { 200: adminProductImagesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      images: await setPrimaryImage(db, request.user.id, request.params.productId, request.params.imageId),
    }),
  );

  app.delete(
    '/products/:productId/images/:imageId/',
    {
      schema: {
        summary: 'Delete a picture',
        description:
          'When it was the primary, the next picture becomes the primary. Answers the pictures left.',
        operationId: 'adminDeleteProductImage',
        tags,
        security,
        params: adminProductImageParams,
        response: { 200: adminProductImagesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      images: await deleteProductImage(
        db,
        config.mediaDir,
        request.user.id,
        request.params.productId,
        request.params.imageId,
      ),
    }),
  );

  app.post(
    '/products/:productId/stock-adjustments/',
    {
      schema: {
        summary: 'Adjust the stock, with a reason',
        description:
          'delta adds (or, negative, takes away) units; set records a count. The stock never goes below 0. ' +
          'Recorded as a stock movement and in the audit log. Sales in flight are not lost: the change is ' +
          'made on the stock as it is when the request runs.',
        operationId: 'adminAdjustStock',
        tags,
        security,
        params: adminProductParams,
        body: stockAdjustmentRequest,
        response: { 201: stockAdjustmentResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const answer = await adjustStock(db, config, request.user.id, request.params.productId, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/products/:productId/stock-adjustments/',
    {
      schema: {
        summary: "List a product's stock movements, newest first",
        operationId: 'adminListStockMovements',
        tags,
        security,
        params: adminProductParams,
        querystring: stockMovementListQuery,
        response: { 200: stockMovementPage, 400: errorBody, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listStockMovements(db, request.params.productId, request.query),
  );
}
