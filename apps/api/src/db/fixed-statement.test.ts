import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { fixedStatement, preparedStatement } from './fixed-statement';
import { cartItems, carts } from './schema/shopping';
import { users } from './schema/users';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values([
    { email: 'a@example.com', phone: '9800000101', firstName: 'A' },
    { email: 'b@example.com', phone: '9800000102', firstName: 'B' },
    { email: 'c@example.com', phone: '9800000103', firstName: 'C' },
  ]);
});

afterAll(async () => {
  await database?.close();
});

// Each call's values, an array bound as one PostgreSQL array, a name used twice in the text.
const usersAmong = preparedStatement<{ email: string }, 'emails' | 'prefix'>(
  'test_users_among',
  (value) => sql`
    select ${users.email} as "email" from ${users}
    where ${users.email} = any(${value('emails')}::text[]) and ${users.email} like ${value('prefix')} || '%'
      and length(${value('prefix')}) < 5
    order by ${users.email}
  `,
);

describe('preparedStatement', () => {
  test('binds each call’s values into the one prepared text, again and again', async () => {
    // More calls than PostgreSQL needs before it may switch to a generic plan.
    for (let round = 0; round < 7; round += 1) {
      expect(
        await usersAmong(database.db, { emails: ['a@example.com', 'c@example.com', 'x@y.z'], prefix: '' }),
      ).toEqual([{ email: 'a@example.com' }, { email: 'c@example.com' }]);
      expect(
        await usersAmong(database.db, { emails: ['a@example.com', 'b@example.com'], prefix: 'b' }),
      ).toEqual([{ email: 'b@example.com' }]);
    }
  });

  test('runs inside a transaction and sees its uncommitted rows', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'd@example.com', phone: '9800000104', firstName: 'D' });
        expect(await usersAmong(tx, { emails: ['d@example.com'], prefix: 'd' })).toEqual([
          { email: 'd@example.com' },
        ]);
        tx.rollback();
      })
      .catch(() => {});
    expect(await usersAmong(database.db, { emails: ['d@example.com'], prefix: '' })).toEqual([]);
  });

  test('refuses a value that is not marked with value(name)', () => {
    expect(() => preparedStatement('test_inline_value', () => sql`select ${1}`)).toThrow(/only value/);
  });

  test('refuses a name already given to another statement', () => {
    expect(() => preparedStatement('test_users_among', () => sql`select 1`)).toThrow(/taken/);
  });
});

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
