import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './client';

// The server's embedded database on its own thread (decision 075): the same answers, errors and
// transactions as in-process PGlite, while the calling thread keeps running.
describe('PGlite on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteThread: true });
    await database.db.execute(
      sql`create table note (id int primary key, body text not null, at timestamptz)`,
    );
  }, 60_000);
  afterAll(() => database?.close());

  it('answers statements with their parameters, dates kept as the server wrote them', async () => {
    await database.db.execute(sql`insert into note values (${1}, ${'dal bhat'}, '2026-11-27 01:02:03+00')`);
    const rows = await queryRows<{ id: number; body: string; at: string }>(
      database.db,
      sql`select id, body, at from note where id = ${1}`,
    );
    expect(rows).toEqual([{ id: 1, body: 'dal bhat', at: '2026-11-27 01:02:03+00' }]);
  });

  it("reads drizzle's types as text for drizzle, and as PGlite does for a caller that names none", async () => {
    // The thread's PGlite reads drizzle's types as text itself; any other caller gets its own way.
    const statement = `select '2026-11-27 01:02:03+00'::timestamptz as at, '{1.50,2}'::numeric[] as amounts`;
    const [raw] = (await database.pglite!.query<{ at: unknown; amounts: unknown }>(statement)).rows;
    expect(raw.at).toEqual(new Date('2026-11-27T01:02:03Z'));
    expect(raw.amounts).toEqual(['1.50', '2']);
    const [viaDrizzle] = await queryRows<{ at: unknown; amounts: unknown }>(database.db, sql.raw(statement));
    expect(viaDrizzle).toEqual({ at: '2026-11-27 01:02:03+00', amounts: '{1.50,2}' });
    // A caller naming one of them reads that one as text and the other as PGlite does.
    const [asked] = (
      await database.pglite!.query<{ at: unknown; amounts: unknown }>(statement, [], {
        parsers: { 1184: (v: string) => v },
      })
    ).rows;
    expect(asked).toEqual({ at: '2026-11-27 01:02:03+00', amounts: ['1.50', '2'] });
  });

  it('commits a transaction that ends well and leaves nothing of one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note values (2, 'chamal', null)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into note values (3, 'tori ko tel', null)`);
        // A savepoint inside (drizzle's nested transaction) rolls back with it.
        await tx.transaction(async (inner) => inner.execute(sql`insert into note values (4, 'ghee', null)`));
        throw new Error('payment refused');
      }),
    ).rejects.toThrow('payment refused');
    const ids = await queryRows<{ id: number }>(database.db, sql`select id from note order by id`);
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  it('lets a transaction read its own writes, and undoes all of it when one of its statements is refused', async () => {
    // A transaction's statements see its writes; a refused one undoes the whole transaction.
    const read = (db: typeof database.db) =>
      queryRows<{ body: string }>(db, sql`select body from note where id = ${20}`);
    const error = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into note values (${20}, ${'masala'}, null)`);
        expect(await read(tx)).toEqual([{ body: 'masala' }]);
        await tx.execute(sql`update note set body = ${'garam masala'} where id = ${20}`);
        expect(await read(tx)).toEqual([{ body: 'garam masala' }]);
        await tx.execute(sql`insert into note values (${1}, ${'again'}, null)`);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    let code: string | undefined;
    for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      code ??= e.code;
    }
    expect(code).toBe('23505');
    expect(await read(database.db)).toEqual([]);
    // The same statements in the next transaction run and commit.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into note values (${20}, ${'masala'}, null)`);
      await tx.execute(sql`update note set body = ${'garam masala'} where id = ${20}`);
    });
    expect(await read(database.db)).toEqual([{ body: 'garam masala' }]);
    await database.db.execute(sql`delete from note where id = ${20}`);
  });

  it("passes PostgreSQL's error code and constraint across, as the error handler reads them", async () => {
    const error = await database.db.execute(sql`insert into note values (1, 'again', null)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    let found: { code?: string; constraint?: string } | undefined;
    for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (e.code) found = e as typeof found;
    }
    expect(found).toMatchObject({ code: '23505', constraint: 'note_pkey' });
    // The database goes on answering after a refused statement.
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('keeps the calling thread free while a long statement runs', async () => {
    // In-process, PGlite's statement runs on this thread: the timer could only fire after it.
    let timerFiredFirst = false;
    let done = false;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        timerFiredFirst = !done;
        resolve();
      }, 50),
    );
    await database.db.execute(sql`select pg_sleep(2)`);
    done = true;
    await timer;
    expect(timerFiredFirst).toBe(true);
  });

  it('holds the database for an exclusive step inside a transaction, as a backup does', async () => {
    const client = database.pglite!;
    const order: string[] = [];
    await client.transaction(async (tx) => {
      await tx.query('select count(*) from note');
      await client.runExclusive(async () => {
        order.push('paused');
      });
      order.push('after');
    });
    expect(order).toEqual(['paused', 'after']);
    const rows = await client.query<{ n: number }>('select count(*)::int as n from note');
    expect(rows.rows).toEqual([{ n: 2 }]);
  });

  it('lets a statement that queued during a transaction go before the transactions waiting after it', async () => {
    const client = database.pglite!;
    const order: string[] = [];
    let endFirst = () => {};
    let firstIn = () => {};
    const inside = new Promise<void>((resolve) => {
      firstIn = resolve;
    });
    const first = client.transaction(async (tx) => {
      await tx.query('select 1');
      firstIn();
      await new Promise<void>((resolve) => {
        endFirst = resolve;
      });
      order.push('checkout 1 ends');
    });
    await inside;
    // Two more checkouts queue, then a product page's read.
    const waiting = [2, 3].map((n) =>
      client.transaction(async (tx) => {
        await tx.query('select 1');
        order.push(`checkout ${n}`);
      }),
    );
    const read = client.query('select 1').then(() => order.push('page read'));
    endFirst();
    await Promise.all([first, ...waiting, read]);
    expect(order).toEqual(['checkout 1 ends', 'page read', 'checkout 2', 'checkout 3']);
  });
});
