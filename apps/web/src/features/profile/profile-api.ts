import type {
  ProfileData,
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

export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('image', file);
  // The multipart type makes axios send the FormData as is (the browser adds the boundary).
  return apiClient.post<Partial<ProfilePicResponse>>('/change/profile/pic/', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}

/**
 * PUT /profile/language/: the account's language, which its SMS and e-mails follow (issue 23).
 * The device keeps the choice whether or not this succeeds.
 */
export const saveLanguage = (language: 'en' | 'ne') => apiClient.put('/profile/language/', { language });
