import type { Review } from '@pasal/contract/catalogue';
import {
  ALREADY_REVIEWED,
  PRODUCT_NOT_FOUND,
  REVIEW_NEEDS_DELIVERY,
  type ReviewResponse,
} from '@pasal/contract/reviews';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, reviews } from '../../db/schema/catalogue';
import { orderLines, orders } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';

export interface ReviewInput {
  userId: number;
  productId: number;
  rating: number;
  review: string;
}

/**
 * A customer reviews a product delivered to them, once. One transaction: the product row is
 * locked first (so reviews of one product are counted one after another), the review written
 * (the unique (product, user) index refuses a second), and the product's rating_average and
 * rating_count recomputed from its reviews, the way the seed computes them.
 */
export async function reviewProduct(
  db: DbOrTx,
  input: ReviewInput,
): Promise<Pick<ReviewResponse, 'review' | 'product'>> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId))
      .for('update');
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const [delivered] = await tx
      .select({ id: orders.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, input.userId),
          eq(orders.orderStatus, 'Delivered'),
          eq(orderLines.productId, input.productId),
        ),
      )
      .limit(1);
    if (!delivered) throw new ForbiddenError(REVIEW_NEEDS_DELIVERY);
    const [written] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: input.userId,
        rating: input.rating,
        review: input.review,
      })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning();
    if (!written) throw new ConflictError(ALREADY_REVIEWED, { msg: ALREADY_REVIEWED });
    const [totals] = await tx
      .update(products)
      .set({
        ratingCount: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${input.productId})`,
        ratingAverage: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.productId} = ${input.productId})`,
      })
      .where(eq(products.id, input.productId))
      .returning({ average: products.ratingAverage, count: products.ratingCount });
    const [author] = await tx
      .select({ firstName: users.firstName, middleName: users.middleName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, input.userId));
    const review: Review = {
      id: written.id,
      rating: written.rating,
      review: written.review,
      created_at: written.createdAt.toISOString(),
      user: { first_name: author.firstName, middle_name: author.middleName, last_name: author.lastName },
    };
    return {
      review,
      product: { id: product.id, rating: Number(totals.average), rating_count: totals.count },
    };
  });
}
