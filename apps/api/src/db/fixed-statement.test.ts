import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { fixedStatement } from './fixed-statement';
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
const usersAmong = fixedStatement<{ email: string }, 'emails' | 'prefix'>(
  'test_users_among',
  (value) => sql`
    select ${users.email} as "email" from ${users}
    where ${users.email} = any(${value('emails')}::text[]) and ${users.email} like ${value('prefix')} || '%'
      and length(${value('prefix')}) < 5
    order by ${users.email}
  `,
);

describe('fixedStatement', () => {
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
    expect(() => fixedStatement('test_inline_value', () => sql`select ${1}`)).toThrow(/only value/);
  });

  test('refuses a name already given to another statement', () => {
    expect(() => fixedStatement('test_users_among', () => sql`select 1`)).toThrow(/taken/);
  });
});
