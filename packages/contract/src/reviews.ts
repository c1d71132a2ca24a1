import { z } from 'zod';
import { hasNoNul, NUL_CHARACTER } from './auth';
import { review } from './catalogue';
import { idParam } from './common';
import { MAX_REVIEW_LENGTH } from './orders';

// POST /product/{productId}/review/ (DECISIONS.md §3, §4 Ratings tab).

export const REVIEW_THANKS = 'Thank you for your review!';
export const REVIEW_NEEDS_DELIVERY =
  'You can review a product once an order of it has been delivered to you.';
export const ALREADY_REVIEWED = 'You have already reviewed this product.';
export const PRODUCT_NOT_FOUND = 'Product not found.';

export const reviewParams = z.object({ productId: idParam });

export const reviewRequest = z.strictObject(
  {
    rating: z
      .number({
        error: (i) => (i.input === undefined ? 'Please choose a rating' : 'rating must be a number'),
      })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5'),
    review: z
      .union([z.string(), z.null()], { error: 'review must be text' })
      .optional()
      .transform((text) => (text ?? '').trim())
      .refine(
        (text) => text.length <= MAX_REVIEW_LENGTH,
        `The review must be at most ${MAX_REVIEW_LENGTH} characters`,
      )
      .refine(hasNoNul, NUL_CHARACTER)
      .describe('What the customer says; may be empty'),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `Unknown field: ${i.keys.join(', ')}`
        : 'The body must be an object {rating, review}',
  },
);
export type ReviewRequest = z.input<typeof reviewRequest>;

export const reviewResponse = z.object({
  message: z.string(),
  review,
  product: z.object({
    id: z.number().int(),
    rating: z.number().describe('Average rating after this review'),
    rating_count: z.number().int(),
  }),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

// A product's reviews with "helpful" votes (decision 056): GET /product/{productId}/reviews/ lists
// them, PUT/DELETE /review/{reviewId}/helpful/ marks one helpful or takes the mark back.

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const OWN_REVIEW_NOT_HELPFUL = 'You cannot mark your own review as helpful.';
export const REVIEW_NOT_FOUND = 'Review not found.';

export const reviewListQuery = z.object({
  sort: z
    .enum(REVIEW_SORTS, { error: `sort must be one of: ${REVIEW_SORTS.join(', ')}` })
    .optional()
    .describe('newest first (unless given), or helpful: most helpful votes first, then newest'),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const helpfulFields = {
  helpful_count: z.number().int().describe('How many other customers marked the review helpful'),
  voted: z.boolean().describe('Whether the caller marked it helpful (false without a token)'),
  mine: z
    .boolean()
    .describe('Whether the caller wrote it (false without a token); one cannot vote on one’s own'),
};

export const listedReview = review.extend(helpfulFields);
export type ListedReview = z.infer<typeof listedReview>;

export const reviewListResponse = z.object({ results: z.array(listedReview) });
export type ReviewListResponse = z.infer<typeof reviewListResponse>;

export const helpfulParams = z.object({ reviewId: idParam });

export const helpfulResponse = z.object({
  review_id: z.number().int(),
  helpful_count: helpfulFields.helpful_count,
  voted: helpfulFields.voted,
});
export type HelpfulResponse = z.infer<typeof helpfulResponse>;
