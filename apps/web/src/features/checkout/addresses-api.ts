import type { Address, AddressList, AddressResponse, AddressType } from '@pasal/contract/addresses';
import { apiClient } from '../../lib/api-client';

export type { Address, AddressType };

/** The list answered something that is not `{data: [...]}`. */
export class UnexpectedFormatError extends Error {}

/** The address form as sent (shopping.md §7 create/update); ids as the selects give them. */
export interface AddressInput {
  address_type: AddressType;
  full_name: string;
  phone: string;
  location: string;
  land_mark: string;
  province: number | null;
  district: number | null;
  municipality: number | null;
  nearest_branch: number | null;
  is_default: boolean;
}

/** GET /order/address/list/: data.data is the list (default first). */
export async function listAddresses(): Promise<Address[]> {
  const res = await apiClient.get<Partial<AddressList>>('/order/address/list/');
  const list = res.data?.data;
  if (!Array.isArray(list)) throw new UnexpectedFormatError('Unexpected address list');
  return list;
}

export async function createAddress(input: AddressInput): Promise<Address> {
  const res = await apiClient.post<AddressResponse>('/order/address/create/', input);
  return res.data.data;
}

export async function updateAddress(id: number, input: AddressInput): Promise<Address> {
  const res = await apiClient.patch<AddressResponse>(`/order/address/update/${id}/`, input);
  return res.data.data;
}

export async function deleteAddress(id: number): Promise<void> {
  await apiClient.delete(`/order/address/delete/${id}/`);
}
