import type { AdminCategoryNode } from '@pasal/contract/admin-categories';
import type { AdminProduct } from '@pasal/contract/admin-products';
import { AxiosError, AxiosHeaders } from 'axios';

// Records as the console API answers them, for the feature's tests.

export const sampleProduct: AdminProduct = {
  id: 7,
  slug: 'basmati-rice-5-kg',
  title: 'Basmati Rice 5 kg',
  nepali_title: 'बासमती चामल',
  brand: 'Himal',
  unit: '5 kg',
  description: 'Long grain.',
  short_description: 'Rice',
  category_id: 3,
  category_title: 'Rice',
  marked_price: 1200,
  selling_price: 1099.5,
  current_price: 1099.5,
  stock: 40,
  low_stock_threshold: 10,
  tax_class: 'vat13',
  stock_state: 'in_stock',
  is_organic: false,
  is_today_special: false,
  is_new_arrival: true,
  is_active: true,
  rating_average: 0,
  rating_count: 0,
  images: [],
  size_group_id: null,
  sizes: [],
  created_at: '2026-11-01T09:30:00+05:45',
  updated_at: '2026-11-01T09:30:00+05:45',
  version: 4,
};

export const sampleTree: AdminCategoryNode[] = [
  {
    id: 1,
    parent_id: null,
    title: 'Grocery',
    nepali_title: '',
    slug: 'grocery',
    image: null,
    position: 0,
    is_featured: true,
    product_count: 0,
    version: 1,
    children: [
      {
        id: 3,
        parent_id: 1,
        title: 'Rice',
        nepali_title: '',
        slug: 'rice',
        image: null,
        position: 0,
        is_featured: false,
        product_count: 5,
        version: 1,
      },
    ],
  },
];

/** The error axios gives for an answer with this status and body. */
export function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}
