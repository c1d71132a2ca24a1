import type { HelpfulResponse, ListedReview, ReviewListResponse, ReviewSort } from '@pasal/contract/reviews';
import { apiClient } from '../../lib/api-client';

/** A product's reviews in the chosen order, with the signed-in shopper's own helpful marks. */
export async function loadReviews(productId: number, sort: ReviewSort, signal?: AbortSignal) {
  const { data } = await apiClient.get<ReviewListResponse>(`/product/${productId}/reviews/`, {
    params: { sort },
    signal,
  });
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
