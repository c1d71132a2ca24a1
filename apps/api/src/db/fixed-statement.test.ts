import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { type Database, queryRows } from './client';
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

/** The SQLSTATE of a database error, looking through drizzle's wrapper. */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describe('fixedStatement with a name (prepared per connection)', () => {
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

  test('is prepared once on a connection and outlives rolled-back and failed transactions', async () => {
    // Like the checkout's attempts: each its own transaction, rolled back, the next one again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await database.db
        .transaction(async (tx) => {
          const email = `e${attempt}@example.com`;
          await tx.insert(users).values({ email, phone: `980000011${attempt}`, firstName: 'E' });
          for (let call = 0; call < 2; call += 1)
            expect(await usersAmong(tx, { emails: [email, 'a@example.com'], prefix: 'e' })).toEqual([
              { email },
            ]);
          // On PostgreSQL the one statement by that name on this connection is ours; PGlite ignores names.
          const onConnection = await queryRows<{ statement: string }>(
            tx,
            sql`select statement from pg_prepared_statements where name = 'test_users_among'`,
          );
          expect(onConnection).toEqual(database.kind === 'postgres' ? [{ statement: usersAmong.text }] : []);
          tx.rollback();
        })
        .catch(() => {});
    }
    // A value the database refuses fails the transaction with the database's own error...
    const failed = await database.db
      .transaction(async (tx) => usersAmong(tx, { emails: 'not an array', prefix: '' }))
      .catch((error: unknown) => error);
    expect(sqlState(failed)).toBe('22P02');
    // ...and the statement still runs, outside a transaction and in one.
    expect(
      await usersAmong(database.db, { emails: ['a@example.com', 'e0@example.com'], prefix: '' }),
    ).toEqual([{ email: 'a@example.com' }]);
    expect(
      await database.db.transaction((tx) => usersAmong(tx, { emails: ['b@example.com'], prefix: 'b' })),
    ).toEqual([{ email: 'b@example.com' }]);
  });

  test('refuses a name already given to another statement', () => {
    expect(() => fixedStatement('test_users_among', () => sql`select 1`)).toThrow(/taken/);
  });
});

const dialect = new PgDialect();

describe('fixedStatement without a name', () => {
  test('renders the text of building the SQL each time, and answers the same rows', async () => {
    const built = (emails: string[], prefix: string) =>
      sql`select ${users.email} as "email" from ${users}
        where ${users.email} = any(${sql.param(emails)}::text[]) and ${users.email} like ${prefix} || '%'
          and length(${prefix}) < 5 order by ${users.email}`;
    const fixed = fixedStatement<{ email: string }, 'emails' | 'prefix'>(
      null,
      (value) => sql`select ${users.email} as "email" from ${users}
        where ${users.email} = any(${value('emails')}::text[]) and ${users.email} like ${value('prefix')} || '%'
          and length(${value('prefix')}) < 5 order by ${users.email}`,
    );
    for (const [emails, prefix] of [
      [['a@example.com'], ''],
      [['a@example.com', 'b@example.com', 'c@example.com'], 'c'],
      [['a@example.com', 'b@example.com', 'c@example.com'], ''],
    ] as const) {
      const expected = built([...emails], prefix);
      expect(fixed.text).toBe(dialect.sqlToQuery(expected).sql);
      // An array stays one value (a PostgreSQL array), never a list of values.
      const rows = await fixed(database.db, { emails: [...emails], prefix });
      expect(rows).toEqual(await queryRows(database.db, expected));
      expect(rows.length).toBe(prefix === 'c' ? 1 : emails.length);
    }
  });

  test('keeps a "$" in the text as text', async () => {
    const priced = fixedStatement<{ label: string }>(null, () => sql`select '$1 each' as "label"`);
    expect(await priced(database.db, {})).toEqual([{ label: '$1 each' }]);
  });

  test('refuses a value that is not marked with value(name)', () => {
    expect(() => fixedStatement(null, () => sql`select ${1}`)).toThrow(/only value/);
  });
});
