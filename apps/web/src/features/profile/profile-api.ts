import type {
  Language,
  ProfileData,
  ProfileLanguageResponse,
  ProfileOrderUpdatesResponse,
  ProfilePicResponse,
  ProfileUpdateRequest,
  ProfileUpdateResponse,
} from '@pasal/contract/profile';
import { apiClient } from '../../lib/api-client';

/** Thrown when the answer has neither shape the spec allows. */
export class UnexpectedProfileShape extends Error {}

function isProfile(value: unknown): value is ProfileData {
  const v = value as ProfileData | undefined;
  return Boolean(v && typeof v.user === 'object' && v.user && typeof v.profile === 'object' && v.profile);
}

/** GET /profile/: data.data is either the object or a list whose first item is used. */
export async function fetchProfile(signal?: AbortSignal): Promise<ProfileData> {
  const res = await apiClient.get<{ data?: unknown }>('/profile/', { signal });
  const data = res.data?.data;
  const profile = Array.isArray(data) ? data[0] : data;
  if (!isProfile(profile)) throw new UnexpectedProfileShape('Failed to fetch profile data');
  return profile;
}

export const updateProfile = (body: ProfileUpdateRequest) =>
  apiClient.put<Partial<ProfileUpdateResponse>>('/profile/update/', body);

/** The language of the account's SMS and e-mail (the storefront's switch, when logged in). */
export const updateLanguage = (language: Language) =>
  apiClient.put<Partial<ProfileLanguageResponse>>('/profile/language/', { language });

/** Whether the account gets an SMS (and e-mail) at each delivery step. */
export const updateOrderUpdates = (orderUpdates: boolean) =>
  apiClient.put<Partial<ProfileOrderUpdatesResponse>>('/profile/order-updates/', {
    order_updates: orderUpdates,
  });

export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('image', file);
  // The multipart type makes axios send the FormData as is (the browser adds the boundary). A
  // photo on a slow line takes minutes: no time limit.
  return apiClient.post<Partial<ProfilePicResponse>>('/change/profile/pic/', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 0,
  });
}
