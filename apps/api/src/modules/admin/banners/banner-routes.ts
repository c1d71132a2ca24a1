import {
  adminBanner,
  adminBannerForm,
  adminBannerList,
  adminBannerOrder,
  adminBannerParams,
  adminBannerResponse,
  adminBannerUpdate,
  MAX_BANNER_IMAGE_BYTES,
} from '@pasal/contract/admin-banners';
import { conflictResponse, deletedResponse, versionQuery } from '@pasal/contract/admin-common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { readImageUpload } from '../../../lib/multipart-upload';
import { parseForm } from '../form-fields';
import { security } from '../route-schema';
import {
  bannerView,
  createBanner,
  deleteBanner,
  listBanners,
  reorderBanners,
  replaceBannerImage,
  updateBanner,
} from './banner-service';

const tags = ['admin-banners'];
const IMAGE_TOO_LARGE = `The image must be smaller than ${MAX_BANNER_IMAGE_BYTES / 1024 / 1024} MB`;
const upload = { maxBytes: MAX_BANNER_IMAGE_BYTES, tooLarge: IMAGE_TOO_LARGE };

export async function bannerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;

  app.get(
    '/banners/',
    {
      schema: {
        summary: 'List every banner in display order',
        description: 'Inactive ones included. Not paged (a shop shows a handful).',
        operationId: 'adminListBanners',
        tags,
        security,
        response: { 200: adminBannerList, ...errorResponses(401, 403) },
      },
    },
    async () => listBanners(db),
  );

  app.post(
    '/banners/',
    {
      schema: {
        summary: 'Create a banner (multipart/form-data: `image` and the text fields)',
        description:
          'Parts: image (a picture under 10 MB, checked from its bytes, stored as a 1600×500 WebP), title, and ' +
          'optionally nepali_title, ' +
          'link (a storefront path such as /category/5 or an http(s) address), position (digits) and ' +
          'is_active (true/false). The text parts follow the contract’s adminBannerForm.',
        operationId: 'adminCreateBanner',
        tags,
        security,
        response: { 201: adminBannerResponse, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const { bytes, fields } = await readImageUpload(request, upload);
      const form = parseForm(adminBannerForm, fields);
      const banner = await createBanner(db, config.mediaDir, request.user.id, form, bytes);
      return reply.code(201).send({ banner });
    },
  );

  app.put(
    '/banners/order/',
    {
      schema: {
        summary: 'Put the banners in a new order',
        description:
          'List every banner once (inactive ones too). A list made from an older view (a banner added or deleted ' +
          'since) is a 409 carrying the banners as they are now (current). Banners that move get a new version.',
        operationId: 'adminReorderBanners',
        tags,
        security,
        body: adminBannerOrder,
        response: {
          200: adminBannerList,
          ...errorResponses(400, 401, 403),
          409: conflictResponse(adminBannerList),
        },
      },
    },
    async (request) => reorderBanners(db, request.user.id, request.body.banner_ids),
  );

  app.get(
    '/banners/:bannerId/',
    {
      schema: {
        summary: 'Get a banner',
        operationId: 'adminGetBanner',
        tags,
        security,
        params: adminBannerParams,
        response: { 200: adminBannerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ banner: await bannerView(db, request.params.bannerId) }),
  );

  app.patch(
    '/banners/:bannerId/',
    {
      schema: {
        summary: 'Change a banner',
        description:
          'Send the fields to change and the version you read (409 with the current banner when stale).',
        operationId: 'adminUpdateBanner',
        tags,
        security,
        params: adminBannerParams,
        body: adminBannerUpdate,
        response: {
          200: adminBannerResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminBanner),
        },
      },
    },
    async (request) => ({
      banner: await updateBanner(db, request.user.id, request.params.bannerId, request.body),
    }),
  );

  app.post(
    '/banners/:bannerId/image/',
    {
      schema: {
        summary: 'Replace a banner’s picture (multipart/form-data, an image under 10 MB in `image`)',
        description: 'Stored as a 1600×500 WebP; raises the version (the answer carries it).',
        operationId: 'adminReplaceBannerImage',
        tags,
        security,
        params: adminBannerParams,
        response: { 200: adminBannerResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { bytes } = await readImageUpload(request, upload);
      return {
        banner: await replaceBannerImage(
          db,
          config.mediaDir,
          request.user.id,
          request.params.bannerId,
          bytes,
        ),
      };
    },
  );

  app.delete(
    '/banners/:bannerId/',
    {
      schema: {
        summary: 'Delete a banner',
        description: '?version= is the version you read (409 with the current banner when stale).',
        operationId: 'adminDeleteBanner',
        tags,
        security,
        params: adminBannerParams,
        querystring: versionQuery,
        response: {
          200: deletedResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminBanner),
        },
      },
    },
    async (request) => {
      await deleteBanner(
        db,
        config.mediaDir,
        request.user.id,
        request.params.bannerId,
        request.query.version,
      );
      return { message: 'Banner deleted.', id: request.params.bannerId };
    },
  );
}
