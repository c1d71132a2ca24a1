import type { HelpfulResponse, ListedReview, ReviewListResponse, ReviewSort } from '@pasal/contract/reviews';
import { apiClient } from '../../lib/api-client';
import { catalogueGet } from '../../lib/catalogue-get';

/**
 * A product's reviews in the chosen order, with the signed-in shopper's own helpful marks. A
 * visitor has none, so their list is a plain public read that does not load axios while the
 * product page's first screen is still being drawn.
 */
export async function loadReviews(
  productId: number,
  sort: ReviewSort,
  signedIn: boolean,
  signal?: AbortSignal,
) {
  const path = `/product/${productId}/reviews/`;
  const { data } = signedIn
    ? await apiClient.get<ReviewListResponse>(path, { params: { sort }, signal })
    : await catalogueGet<ReviewListResponse>(path, { params: { sort }, signal });
  return data.results satisfies ListedReview[];
}

/** Marks (helpful) or unmarks another shopper's review; answers its count after the change. */
export async function markHelpful(reviewId: number, helpful: boolean): Promise<HelpfulResponse> {
  const path = `/review/${reviewId}/helpful/`;
  const { data } = helpful
    ? await apiClient.put<HelpfulResponse>(path)
    : await apiClient.delete<HelpfulResponse>(path);
  return data;
}
