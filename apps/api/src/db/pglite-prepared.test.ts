import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQueries } from './pglite-prepared';

// Decision 082: PGlite's statements on their own are prepared once and bound after. What a caller
// reads must not change: the rows for each call's own values, errors with their codes, and a
// session that goes on working after them.
describe('PGlite statements prepared once', () => {
  let client: PGlite;
  let query: ReturnType<typeof preparedQueries>;

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    query = preparedQueries(client, 3);
    await client.exec(`create table shelf (id int primary key, title text not null, price numeric(10,2),
      tags text[]); insert into shelf values (1, 'Rice', 120.50, '{grain}'), (2, 'चामल', null, '{}')`);
  }, 60_000);
  afterAll(() => client.close());

  const preparedCount = async () =>
    Number(
      (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n,
    );

  it('answers each call with its own values, as objects or arrays', async () => {
    const sql = 'select id, title, price, tags from shelf where id = $1 or title = $2 order by id';
    const first = await query<{ id: number; title: string }>(sql, [1, null]);
    const second = await query<{ id: number; title: string }>(sql, [0, 'चामल']);
    const arrays = await query<unknown[]>(sql, [2, 'Rice'], { rowMode: 'array' });
    expect(first.rows).toEqual([{ id: 1, title: 'Rice', price: '120.50', tags: ['grain'] }]);
    expect(second.rows).toEqual([{ id: 2, title: 'चामल', price: null, tags: [] }]);
    expect(arrays.rows).toEqual([
      [1, 'Rice', '120.50', ['grain']],
      [2, 'चामल', null, []],
    ]);
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'title', 'price', 'tags']);
  });

  it('writes arrays and reports what a write changed', async () => {
    const update = await query('update shelf set tags = $1 where id = $2', [['nepali', 'grain'], 2]);
    expect(update.affectedRows).toBe(1);
    const { rows } = await query<{ tags: string[] }>('select tags from shelf where id = $1', [2]);
    expect(rows[0].tags).toEqual(['nepali', 'grain']);
  });

  it('gives a refused statement its error, and the next one still runs', async () => {
    const insert = 'insert into shelf (id, title) values ($1, $2)';
    await expect(query(insert, [1, 'Again'])).rejects.toMatchObject({ code: '23505' });
    await expect(query('select $1::int as n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(query('select from nowhere_at_all', [])).rejects.toMatchObject({ code: '42P01' });
    await query(insert, [3, 'Dal']);
    expect((await query<{ n: number }>('select count(*)::int as n from shelf')).rows).toEqual([{ n: 3 }]);
  });

  it('reads a table that changed shape since its statement was prepared', async () => {
    const sql = 'select * from shelf where id = $1';
    expect(Object.keys((await query<object>(sql, [1])).rows[0])).toEqual(['id', 'title', 'price', 'tags']);
    await client.exec(`alter table shelf add column brand text not null default 'Pasal'`);
    const { rows } = await query<{ brand: string }>(sql, [1]);
    expect(rows[0].brand).toBe('Pasal');
  });

  it('keeps only the most recently used statements prepared, and runs an older one again', async () => {
    for (let n = 1; n <= 6; n += 1) {
      expect((await query<{ n: number }>(`select $1::int + ${n} as n`, [1])).rows).toEqual([{ n: 1 + n }]);
    }
    expect(await preparedCount()).toBe(3);
    expect((await query<{ n: number }>('select $1::int + 1 as n', [10])).rows).toEqual([{ n: 11 }]);
    expect(await preparedCount()).toBe(3);
  });

  it('waits for a transaction to end rather than running inside it', async () => {
    let inside = false;
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into shelf (id, title) values (10, 'Ghee')`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = true;
      await tx.rollback();
    });
    const counted = query<{ n: number }>('select count(*)::int as n from shelf where id = $1', [10]);
    const [{ rows }] = await Promise.all([counted, transaction]);
    expect(inside).toBe(true);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses a call once the database is closed, as PGlite does', async () => {
    const other = new PGlite();
    const otherQuery = preparedQueries(other);
    expect((await otherQuery<{ n: number }>('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    await other.close();
    await expect(otherQuery('select $1::int as n', [1])).rejects.toThrow('PGlite is closed');
  });
});
