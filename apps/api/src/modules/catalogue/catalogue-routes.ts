import {
  bannerList,
  categoryList,
  categoryParams,
  categoryProducts,
  flashSaleList,
  homeData,
  pageQuery,
  productDetail,
  productDetailParams,
  productList,
  productSearchQuery,
} from '@pasal/contract/catalogue';
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageRequest } from '../../lib/paging';
import { sendCached } from '../../plugins/catalogue-cache';
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
import { searchWords } from './product-queries';

const tags = ['catalogue'];
// Every answer here is public and the same for every shopper: served from the catalogue cache,
// which compresses each answer once (so the per-request compression hook is off).
const cached = { compress: false as const };

export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  const root = fastify.prefix;

  app.get(
    '/home/data/',
    {
      ...cached,
      schema: {
        summary: 'Home page data: banners, Today Special, New Arrivals and a short row per category',
        operationId: 'getHomeData',
        tags,
        response: { 200: homeData },
      },
    },
    (request, reply) =>
      sendCached(request, reply, 'home', homeData, async () => ({ data: await getHomeData(db) })),
  );

  app.get(
    '/category/featured',
    {
      ...cached,
      schema: {
        summary: 'Featured top categories with their subcategories',
        operationId: 'listFeaturedCategories',
        tags,
        response: { 200: categoryList },
      },
    },
    (request, reply) =>
      sendCached(request, reply, 'categories:featured', categoryList, async () => ({
        data: { results: await listCategories(db, { featuredOnly: true }) },
      })),
  );

  app.get(
    '/category/all',
    {
      ...cached,
      schema: {
        summary: 'Every top category with its subcategories',
        operationId: 'listCategories',
        tags,
        response: { 200: categoryList },
      },
    },
    (request, reply) =>
      sendCached(request, reply, 'categories:all', categoryList, async () => ({
        data: { results: await listCategories(db) },
      })),
  );

  app.get(
    '/category/product/:categoryId',
    {
      ...cached,
      schema: {
        summary: 'A page of a category’s products (a parent includes its subcategories’), by title',
        operationId: 'listCategoryProducts',
        tags,
        params: categoryParams,
        querystring: pageQuery,
        response: { 200: categoryProducts, 400: errorBody, 404: errorBody },
      },
    },
    (request, reply) => {
      const id = request.params.categoryId;
      const page = pageRequest(request.query);
      return sendCached(
        request,
        reply,
        `category:${id}:${page.page}:${page.pageSize}`,
        categoryProducts,
        () => listCategoryProducts(db, id, page, `${root}/category/product/${id}`),
      );
    },
  );

  app.get(
    '/product/detail/:slug/',
    {
      ...cached,
      schema: {
        summary: 'A product with its reviews and related products, by slug or numeric id',
        operationId: 'getProductDetail',
        tags,
        params: productDetailParams,
        response: { 200: productDetail, 400: errorBody, 404: errorBody },
      },
    },
    (request, reply) =>
      sendCached(request, reply, `detail:${request.params.slug}`, productDetail, async () => ({
        data: await getProductDetail(db, request.params.slug),
      })),
  );

  app.get(
    '/products',
    {
      ...cached,
      schema: {
        summary: 'A page of the products matching every word of q (every product without q), by title',
        operationId: 'searchProducts',
        tags,
        querystring: productSearchQuery,
        response: { 200: productList, 400: errorBody },
      },
    },
    (request, reply) => {
      const { q, limit, page_size } = request.query;
      const page = pageRequest(request.query, page_size ?? limit);
      // Equal word lists give equal answers, however the spaces fell.
      const key = `search:${page.page}:${page.pageSize}:${searchWords(q).join(' ')}`;
      return sendCached(request, reply, key, productList, () =>
        searchProducts(db, q, page, `${root}/products`),
      );
    },
  );

  app.get(
    '/today/special/',
    {
      ...cached,
      schema: {
        summary: 'A page of today’s special offers, by title',
        operationId: 'listTodaySpecial',
        tags,
        querystring: pageQuery,
        response: { 200: productList, 400: errorBody },
      },
    },
    (request, reply) => {
      const page = pageRequest(request.query);
      return sendCached(request, reply, `today-special:${page.page}:${page.pageSize}`, productList, () =>
        listTodaySpecial(db, page, `${root}/today/special/`),
      );
    },
  );

  app.get(
    '/list/for/you/',
    {
      ...cached,
      schema: {
        summary: 'A page of new arrivals, newest first',
        operationId: 'listNewArrivals',
        tags,
        querystring: pageQuery,
        response: { 200: productList, 400: errorBody },
      },
    },
    (request, reply) => {
      const page = pageRequest(request.query);
      return sendCached(request, reply, `new-arrivals:${page.page}:${page.pageSize}`, productList, () =>
        listNewArrivals(db, page, `${root}/list/for/you/`),
      );
    },
  );

  app.get(
    '/banner/',
    {
      ...cached,
      schema: {
        summary: 'Active home page banners in display order',
        operationId: 'listBanners',
        tags,
        response: { 200: bannerList },
      },
    },
    (request, reply) =>
      sendCached(request, reply, 'banners', bannerList, async () => ({
        data: { results: await listBanners(db) },
      })),
  );

  app.get(
    '/flash-sale/',
    {
      ...cached,
      schema: {
        summary: 'Flash sales running now, soonest ending first',
        operationId: 'listFlashSales',
        tags,
        response: { 200: flashSaleList },
      },
    },
    (request, reply) =>
      sendCached(request, reply, 'flash-sales', flashSaleList, async () => ({
        message: 'Request succeeded' as const,
        results: { flash_sales: await listActiveFlashSales(db) },
      })),
  );
}
