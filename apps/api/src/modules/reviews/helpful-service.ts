import {
  type HelpfulResponse,
  type ListedReview,
  OWN_REVIEW_NOT_HELPFUL,
  PRODUCT_NOT_FOUND,
  REVIEW_NOT_FOUND,
  type ReviewSort,
} from '@pasal/contract/reviews';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { products, reviewHelpfulVotes, reviews } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { ForbiddenError, NotFoundError } from '../../lib/errors';

const helpfulCount = sql<number>`(select count(*)::int from ${reviewHelpfulVotes} v where v.review_id = ${qualified(reviews.id)})`;

function votedBy(userId: number | null): SQL<boolean> {
  if (userId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${reviewHelpfulVotes} v where v.review_id = ${qualified(reviews.id)} and v.user_id = ${userId})`;
}

/**
 * A product's reviews (those of live accounts, as on the product page) with their helpful counts;
 * with a caller, whether they marked each one and which one is theirs.
 */
export async function listReviews(
  db: DbOrTx,
  productId: number,
  sort: ReviewSort,
  userId: number | null,
): Promise<ListedReview[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const newest = [desc(reviews.createdAt), desc(reviews.id)];
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      review: reviews.review,
      createdAt: reviews.createdAt,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      helpfulCount,
      voted: votedBy(userId),
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), isNull(users.deletedAt)))
    .orderBy(...(sort === 'helpful' ? [desc(helpfulCount), ...newest] : newest));
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    review: r.review,
    created_at: r.createdAt.toISOString(),
    user: { first_name: r.firstName, middle_name: r.middleName, last_name: r.lastName },
    helpful_count: Number(r.helpfulCount),
    voted: Boolean(r.voted),
    mine: r.userId === userId,
  }));
}

/**
 * Marks (helpful = true) or unmarks another customer's review; marking twice or unmarking what was
 * never marked changes nothing. The review row is share-locked so it cannot vanish in between.
 */
export async function setHelpful(
  db: DbOrTx,
  input: { userId: number; reviewId: number; helpful: boolean },
): Promise<HelpfulResponse> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: reviews.id, authorId: reviews.userId })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.id, input.reviewId), isNull(users.deletedAt)))
      .for('share', { of: reviews });
    if (!target) throw new NotFoundError(REVIEW_NOT_FOUND);
    if (target.authorId === input.userId) throw new ForbiddenError(OWN_REVIEW_NOT_HELPFUL);
    if (input.helpful) {
      await tx
        .insert(reviewHelpfulVotes)
        .values({ reviewId: target.id, userId: input.userId })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(reviewHelpfulVotes)
        .where(and(eq(reviewHelpfulVotes.reviewId, target.id), eq(reviewHelpfulVotes.userId, input.userId)));
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewHelpfulVotes)
      .where(eq(reviewHelpfulVotes.reviewId, target.id));
    return { review_id: target.id, helpful_count: Number(count.n), voted: input.helpful };
  });
}
