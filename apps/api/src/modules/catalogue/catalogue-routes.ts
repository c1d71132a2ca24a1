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
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

  app.get('/home/data/', { schema: { tags, response: { 200: homeData } } }, async () => ({
    data: await getHomeData(db),
  }));

  app.get('/category/featured', { schema: { tags, response: { 200: categoryList } } }, async () => ({
    data: { results: await listCategories(db, { featuredOnly: true }) },
  }));

  app.get('/category/all', { schema: { tags, response: { 200: categoryList } } }, async () => ({
    data: { results: await listCategories(db) },
  }));

  app.get(
    '/category/product/:categoryId',
    { schema: { tags, params: categoryParams, response: { 200: categoryProducts, 404: errorBody } } },
    async (request) => listCategoryProducts(db, request.params.categoryId),
  );

  app.get(
    '/product/detail/:slug/',
    { schema: { tags, params: productDetailParams, response: { 200: productDetail, 404: errorBody } } },
    async (request) => ({ data: await getProductDetail(db, request.params.slug) }),
  );

  app.get(
    '/products',
    { schema: { tags, querystring: productSearchQuery, response: { 200: productList } } },
    async (request) => ({ results: await searchProducts(db, request.query.q, request.query.limit) }),
  );

  app.get('/today/special/', { schema: { tags, response: { 200: productList } } }, async () => ({
    results: await listTodaySpecial(db),
  }));

  app.get('/list/for/you/', { schema: { tags, response: { 200: productList } } }, async () => ({
    results: await listNewArrivals(db),
  }));

  app.get('/banner/', { schema: { tags, response: { 200: bannerList } } }, async () => ({
    data: { results: await listBanners(db) },
  }));

  app.get('/flash-sale/', { schema: { tags, response: { 200: flashSaleList } } }, async () => ({
    message: 'Request succeeded' as const,
    results: { flash_sales: await listActiveFlashSales(db) },
  }));
}
