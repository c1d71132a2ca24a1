import {
  bannerList,
  categoryList,
  categoryParams,
  categoryProducts,
  categoryProductsQuery,
  flashSaleList,
  homeData,
  pageQuery,
  productDetail,
  productDetailParams,
  productList,
  productSearchList,
  productSearchQuery,
  productSuggestions,
  productSuggestQuery,
} from '@pasal/contract/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { pageRequest } from '../../lib/paging';
import { sendCached } from '../../plugins/catalogue-cache';
import {
  getHomeData,
  listActiveFlashSales,
  listCategories,
  listCategoryProducts,
  listNewArrivals,
  listTodaySpecial,
  searchProducts,
} from './catalogue-service';
import { BANNERS_KEY, bannersAnswer } from './home-head';
import { categoryPageKey, searchPageKey } from './list-keys';
import { getProductDetail, relatedStore } from './product-detail';
import { detailKey } from './product-head';
import { searchWords } from './product-queries';
import { suggest } from './product-suggestions';
import { createWordPlans } from './word-plans';

const tags = ['catalogue'];
// Every answer here is public and the same for every shopper: served from the catalogue cache
// (`cache-control: public, no-cache` with an ETag, fresh within CATALOGUE_CACHE_MS; decision 011),
// which compresses each answer once (so the per-request compression hook is off). Errors get the
// global no-store (plugins/cache-control.ts).
const cached = { compress: false as const };

export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  const root = fastify.prefix;
  const plans = createWordPlans(fastify.config.catalogueCacheMs, () => fastify.catalogueCache.clears);
  const related = relatedStore(fastify.catalogueCache, fastify.config.catalogueCacheMs);

  app.get(
    '/home/data/',
    {
      ...cached,
      schema: {
        summary: "Get the home page's banners, today's specials, new arrivals and a short row per category",
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
        summary: 'List the featured categories',
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
        summary: 'List every category with its subcategories',
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
        summary:
          "List a page of a category's products (its subcategories' included), by title unless sorted, narrowed by the filters",
        operationId: 'listCategoryProducts',
        tags,
        params: categoryParams,
        querystring: categoryProductsQuery,
        response: { 200: categoryProducts, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => {
      const id = request.params.categoryId;
      const page = pageRequest(request.query);
      const { sort, min_price, max_price, brand, on_sale, in_stock } = request.query;
      const refinement = { sort, filters: { min_price, max_price, brand, on_sale, in_stock } };
      return sendCached(request, reply, categoryPageKey(id, page, refinement), categoryProducts, () =>
        listCategoryProducts(db, id, page, `${root}/category/product/${id}`, refinement),
      );
    },
  );

  app.get(
    '/product/detail/:slug/',
    {
      ...cached,
      schema: {
        summary: 'Get one product (by slug or id) with its reviews and recommended products',
        operationId: 'getProductDetail',
        tags,
        params: productDetailParams,
        response: { 200: productDetail, ...errorResponses(400, 404) },
      },
    },
    (request, reply) =>
      sendCached(request, reply, detailKey(request.params.slug), productDetail, async () => ({
        data: await getProductDetail(db, request.params.slug, related),
      })),
  );

  app.get(
    '/products',
    {
      ...cached,
      schema: {
        summary:
          'Search products: a page of those matching every word of q (literally, romanised or with a small typo), best match first unless sorted, narrowed by the filters',
        operationId: 'searchProducts',
        tags,
        querystring: productSearchQuery,
        response: { 200: productSearchList, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const { q, limit, page_size, sort, min_price, max_price, brand, on_sale, in_stock } = request.query;
      const page = pageRequest(request.query, page_size ?? limit);
      const refinement = { sort, filters: { min_price, max_price, brand, on_sale, in_stock } };
      return sendCached(request, reply, searchPageKey(q, page, refinement), productSearchList, () =>
        searchProducts(db, q, page, `${root}/products`, refinement, plans),
      );
    },
  );

  app.get(
    '/products/suggest',
    {
      ...cached,
      schema: {
        summary:
          'Suggest products and categories while the shopper types, and close spellings when nothing matches',
        operationId: 'suggestProducts',
        tags,
        querystring: productSuggestQuery,
        response: { 200: productSuggestions, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const words = searchWords(request.query.q);
      return sendCached(request, reply, `suggest:${words.join(' ')}`, productSuggestions, () =>
        suggest(db, words.join(' '), plans),
      );
    },
  );

  app.get(
    '/today/special/',
    {
      ...cached,
      schema: {
        summary: "List a page of today's special products by title",
        operationId: 'listTodaySpecials',
        tags,
        querystring: pageQuery,
        response: { 200: productList, ...errorResponses(400) },
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
        summary: 'List a page of products picked for you (the newest arrivals first)',
        operationId: 'listProductsForYou',
        tags,
        querystring: pageQuery,
        response: { 200: productList, ...errorResponses(400) },
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
        summary: "List the home page's banners",
        operationId: 'listBanners',
        tags,
        response: { 200: bannerList },
      },
    },
    (request, reply) => sendCached(request, reply, BANNERS_KEY, bannerList, () => bannersAnswer(db)),
  );

  app.get(
    '/flash-sale/',
    {
      ...cached,
      schema: {
        summary: 'List the flash sales running now',
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
