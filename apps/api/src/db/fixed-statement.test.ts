import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { fixedStatement } from './fixed-statement';
import { cartItems, carts } from './schema/shopping';

const dialect = new PgDialect();

describe('fixedStatement', () => {
  test('binds each call’s values into the text rendered once, like building the SQL each time', () => {
    const built = (userId: number, ids: number[]) =>
      sql`select ${cartItems.id} from ${cartItems} join ${carts} on ${carts.id} = ${cartItems.cartId}
        where ${carts.userId} = ${userId} and ${cartItems.productId} = any(${sql.param(ids)}::integer[])
          and ${carts.userId} > ${userId} - 1`;
    const fixed = fixedStatement<'userId' | 'ids'>(
      (
        value,
      ) => sql`select ${cartItems.id} from ${cartItems} join ${carts} on ${carts.id} = ${cartItems.cartId}
        where ${carts.userId} = ${value('userId')} and ${cartItems.productId} = any(${value('ids')}::integer[])
          and ${carts.userId} > ${value('userId')} - 1`,
    );
    for (const [userId, ids] of [
      [7, [1]],
      [8, [2, 3, 4]],
    ] as const) {
      const expected = dialect.sqlToQuery(built(userId, [...ids]));
      const actual = dialect.sqlToQuery(fixed({ userId, ids: [...ids] }));
      expect(actual.sql).toBe(expected.sql);
      // An array stays one value (a PostgreSQL array), never a list of values.
      expect(actual.params).toEqual(expected.params);
    }
  });

  test('refuses a statement whose text holds a "$" of its own', () => {
    expect(() => fixedStatement(() => sql`select '$1 each'`)).toThrow();
  });
});
