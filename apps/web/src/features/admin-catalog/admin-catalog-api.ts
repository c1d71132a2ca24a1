import type {
  AdminBannerList,
  AdminBannerOrder,
  AdminBannerResponse,
  AdminBannerUpdate,
} from '@pasal/contract/admin-banners';
import type {
  AdminCategoryCreate,
  AdminCategoryOrder,
  AdminCategoryResponse,
  AdminCategoryTree,
  AdminCategoryUpdate,
} from '@pasal/contract/admin-categories';
import type {
  AdminFlashSaleCreate,
  AdminFlashSaleResponse,
  AdminFlashSaleUpdate,
} from '@pasal/contract/admin-flash-sales';
import type {
  AdminProductCreate,
  AdminProductImagesResponse,
  AdminProductListQuery,
  AdminProductPage,
  AdminProductResponse,
  AdminProductUpdate,
  StockAdjustmentRequest,
  StockAdjustmentResponse,
  StockMovement,
} from '@pasal/contract/admin-products';
import type {
  AdminSynonymCreate,
  AdminSynonymList,
  AdminSynonymResponse,
  AdminSynonymUpdate,
} from '@pasal/contract/admin-search-synonyms';
import type {
  AdminCoverageReplace,
  AdminStationCreate,
  AdminStationResponse,
  AdminStationUpdate,
} from '@pasal/contract/admin-stations';
import type {
  AdminVoucherCreate,
  AdminVoucherResponse,
  AdminVoucherUpdate,
} from '@pasal/contract/admin-vouchers';
import type { AdminSlotsReplace } from '@pasal/contract/delivery-slots';
import type { District, Municipality, Province } from '@pasal/contract/locations';
import { publicClient } from '../../lib/api-client';
import { type AdminQuery, adminGet, adminSend } from '../admin/admin-api';

// The console's catalogue calls (docs/decisions/014), on the console's client (/api/admin, the
// staff member's session).

type Query = AdminQuery;

const get = <T>(url: string, params?: Query, signal?: AbortSignal) => adminGet<T>(url, params, signal);
const send = <T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, data?: unknown, query?: Query) =>
  adminSend<T>(method.toLowerCase() as 'post' | 'patch' | 'put' | 'delete', url, data, { query });

function upload<T>(url: string, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // The file goes last: the server reads the text parts before the picture.
  form.append('image', file);
  // The multipart type makes axios send the FormData as is (the browser adds the boundary).
  return adminSend<T>('post', url, form, {
    // A picture on a slow line takes minutes: no time limit.
    config: { headers: { 'Content-Type': 'multipart/form-data' }, timeout: 0 },
  });
}

export interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

// Products
export const listProducts = (query: AdminProductListQuery, signal?: AbortSignal) =>
  get<AdminProductPage>('/products/', query as Query, signal);
export const getProduct = (id: number, signal?: AbortSignal) =>
  get<AdminProductResponse>(`/products/${id}/`, undefined, signal);
export const createProduct = (body: AdminProductCreate) =>
  send<AdminProductResponse>('POST', '/products/', body);
export const updateProduct = (id: number, body: AdminProductUpdate) =>
  send<AdminProductResponse>('PATCH', `/products/${id}/`, body);
export const addProductImage = (id: number, file: File) =>
  upload<AdminProductImagesResponse>(`/products/${id}/images/`, file);
export const reorderProductImages = (id: number, imageIds: number[]) =>
  send<AdminProductImagesResponse>('PUT', `/products/${id}/images/order/`, { image_ids: imageIds });
export const setPrimaryImage = (id: number, imageId: number) =>
  send<AdminProductImagesResponse>('POST', `/products/${id}/images/${imageId}/primary/`);
export const deleteProductImage = (id: number, imageId: number) =>
  send<AdminProductImagesResponse>('DELETE', `/products/${id}/images/${imageId}/`);
export const adjustStock = (id: number, body: StockAdjustmentRequest) =>
  send<StockAdjustmentResponse>('POST', `/products/${id}/stock-adjustments/`, body);
export const listStockMovements = (id: number, page: number, signal?: AbortSignal) =>
  get<Page<StockMovement>>(`/products/${id}/stock-adjustments/`, { page, page_size: 10 }, signal);

// Categories
export const getCategoryTree = (signal?: AbortSignal) =>
  get<AdminCategoryTree>('/categories/', undefined, signal);
export const createCategory = (body: AdminCategoryCreate) =>
  send<AdminCategoryResponse>('POST', '/categories/', body);
export const updateCategory = (id: number, body: AdminCategoryUpdate) =>
  send<AdminCategoryResponse>('PATCH', `/categories/${id}/`, body);
export const deleteCategory = (id: number, version: number) =>
  send<unknown>('DELETE', `/categories/${id}/`, undefined, { version });
export const reorderCategories = (body: AdminCategoryOrder) =>
  send<AdminCategoryTree>('PUT', '/categories/order/', body);
export const uploadCategoryImage = (id: number, file: File) =>
  upload<AdminCategoryResponse>(`/categories/${id}/image/`, file);

// Banners
export const listBanners = (signal?: AbortSignal) => get<AdminBannerList>('/banners/', undefined, signal);
export const createBanner = (file: File, fields: Record<string, string>) =>
  upload<AdminBannerResponse>('/banners/', file, fields);
export const updateBanner = (id: number, body: AdminBannerUpdate) =>
  send<AdminBannerResponse>('PATCH', `/banners/${id}/`, body);
export const replaceBannerImage = (id: number, file: File) =>
  upload<AdminBannerResponse>(`/banners/${id}/image/`, file);
export const reorderBanners = (body: AdminBannerOrder) =>
  send<AdminBannerList>('PUT', '/banners/order/', body);
export const deleteBanner = (id: number, version: number) =>
  send<unknown>('DELETE', `/banners/${id}/`, undefined, { version });

// Flash sales
export const createFlashSale = (body: AdminFlashSaleCreate) =>
  send<AdminFlashSaleResponse>('POST', '/flash-sales/', body);
export const updateFlashSale = (id: number, body: AdminFlashSaleUpdate) =>
  send<AdminFlashSaleResponse>('PATCH', `/flash-sales/${id}/`, body);
export const deleteFlashSale = (id: number, version: number) =>
  send<unknown>('DELETE', `/flash-sales/${id}/`, undefined, { version });

// Vouchers
export const createVoucher = (body: AdminVoucherCreate) =>
  send<AdminVoucherResponse>('POST', '/vouchers/', body);
export const updateVoucher = (id: number, body: AdminVoucherUpdate) =>
  send<AdminVoucherResponse>('PATCH', `/vouchers/${id}/`, body);
export const deleteVoucher = (id: number, version: number) =>
  send<unknown>('DELETE', `/vouchers/${id}/`, undefined, { version });

// Delivery stations
export const getStation = (id: number, signal?: AbortSignal) =>
  get<AdminStationResponse>(`/delivery-stations/${id}/`, undefined, signal);
export const createStation = (body: AdminStationCreate) =>
  send<AdminStationResponse>('POST', '/delivery-stations/', body);
export const updateStation = (id: number, body: AdminStationUpdate) =>
  send<AdminStationResponse>('PATCH', `/delivery-stations/${id}/`, body);
export const replaceCoverage = (id: number, body: AdminCoverageReplace) =>
  send<AdminStationResponse>('PUT', `/delivery-stations/${id}/coverage/`, body);
export const replaceSlots = (id: number, body: AdminSlotsReplace) =>
  send<AdminStationResponse>('PUT', `/delivery-stations/${id}/slots/`, body);

// Places (the storefront's public lists, for choosing local levels)
type Listed<T> = { data: { data: T[] } };
export const listProvinces = async () =>
  (await publicClient.get<Listed<Province>>('/order/address/address-form-data/provinces/')).data.data.data;
export const listDistricts = async (provinceId: number) =>
  (await publicClient.get<Listed<District>>(`/order/address/provinces/${provinceId}/districts/`)).data.data
    .data;
export const listMunicipalities = async (districtId: number) =>
  (await publicClient.get<Listed<Municipality>>(`/order/address/districts/${districtId}/municipalities/`))
    .data.data.data;

// Search synonyms (decision 040)
export const listSynonyms = (signal?: AbortSignal) =>
  get<AdminSynonymList>('/search-synonyms/', undefined, signal);
export const createSynonym = (body: AdminSynonymCreate) =>
  send<AdminSynonymResponse>('POST', '/search-synonyms/', body);
export const updateSynonym = (id: number, body: AdminSynonymUpdate) =>
  send<AdminSynonymResponse>('PUT', `/search-synonyms/${id}/`, body);
export const deleteSynonym = (id: number, version: number) =>
  send<unknown>('DELETE', `/search-synonyms/${id}/`, undefined, { version });
