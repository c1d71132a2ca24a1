import {
  bannerList,
  categoryList,
  categoryParams,
  categoryProducts,
  flashSaleList,
  homeData,
  productDetail,
  productDetailParams,
  productList,
  productSearchQuery,
} from '@pasal/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import {
  getHomeData,
  getProductDetail,
  listActiveFlashSales,
  listBanners,
  listCategories,
  listCategoryProducts,
  listNewArrivals,
  listTodaySpecial,
  searchProducts,
} from './catalogue-service';

const tags = ['catalogue'];
/** The catalogue is the same for every visitor, so browsers and shared caches may keep it briefly. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  // Everything else under /api is no-store by default (plugins/cache-control.ts).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
  });

  app.get(
    '/home/data/',
    {
      schema: {
        summary: "Get the home page's banners, today's specials, new arrivals and category rows",
        operationId: 'getHomeData',
        tags,
        response: { 200: homeData },
      },
    },
    async () => ({ data: await getHomeData(db) }),
  );

  app.get(
    '/category/featured',
    {
      schema: {
        summary: 'List the featured categories',
        operationId: 'listFeaturedCategories',
        tags,
        response: { 200: categoryList },
      },
    },
    async () => ({ data: { results: await listCategories(db, { featuredOnly: true }) } }),
  );

  app.get(
    '/category/all',
    {
      schema: {
        summary: 'List every category with its subcategories',
        operationId: 'listCategories',
        tags,
        response: { 200: categoryList },
      },
    },
    async () => ({ data: { results: await listCategories(db) } }),
  );

  app.get(
    '/category/product/:categoryId',
    {
      schema: {
        summary: 'List the products of a category and its subcategories',
        operationId: 'listCategoryProducts',
        tags,
        params: categoryParams,
        response: { 200: categoryProducts, ...errorResponses(400, 404) },
      },
    },
    async (request) => listCategoryProducts(db, request.params.categoryId),
  );

  app.get(
    '/product/detail/:slug/',
    {
      schema: {
        summary: 'Get one product (by slug or id) with its reviews and recommended products',
        operationId: 'getProductDetail',
        tags,
        params: productDetailParams,
        response: { 200: productDetail, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({ data: await getProductDetail(db, request.params.slug) }),
  );

  app.get(
    '/products',
    {
      schema: {
        summary: 'Search products by English or Nepali title',
        operationId: 'searchProducts',
        tags,
        querystring: productSearchQuery,
        response: { 200: productList, ...errorResponses(400) },
      },
    },
    async (request) => ({ results: await searchProducts(db, request.query.q, request.query.limit) }),
  );

  app.get(
    '/today/special/',
    {
      schema: {
        summary: "List today's special products",
        operationId: 'listTodaySpecials',
        tags,
        response: { 200: productList },
      },
    },
    async () => ({ results: await listTodaySpecial(db) }),
  );

  app.get(
    '/list/for/you/',
    {
      schema: {
        summary: 'List products picked for you (the newest arrivals)',
        operationId: 'listProductsForYou',
        tags,
        response: { 200: productList },
      },
    },
    async () => ({ results: await listNewArrivals(db) }),
  );

  app.get(
    '/banner/',
    {
      schema: {
        summary: "List the home page's banners",
        operationId: 'listBanners',
        tags,
        response: { 200: bannerList },
      },
    },
    async () => ({ data: { results: await listBanners(db) } }),
  );

  app.get(
    '/flash-sale/',
    {
      schema: {
        summary: 'List the flash sales running now',
        operationId: 'listFlashSales',
        tags,
        response: { 200: flashSaleList },
      },
    },
    async () => ({
      message: 'Request succeeded' as const,
      results: { flash_sales: await listActiveFlashSales(db) },
    }),
  );
}
