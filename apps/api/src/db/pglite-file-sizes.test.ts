import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, queryRows } from './client';

// Decision 086: on a data folder, a relation's size is remembered until the file system writes.
// What must hold is that PostgreSQL never sees a stale size: a table that grows, shrinks, is
// dropped and made again, reads and stores every row, in this process and on the database's own
// thread, and again after a restart.

const count = async (database: Database) =>
  Number((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger`))[0].n);

const total = async (database: Database) =>
  Number(
    (
      await queryRows<{ paisa: string }>(
        database.db,
        sql`select coalesce(sum(paisa), 0)::text as paisa from ledger`,
      )
    )[0].paisa,
  );

/** Rows of about 200 bytes: 2,000 of them fill some fifty pages. */
const addRows = (database: Database, from: number, rows: number) =>
  database.db.execute(sql`insert into ledger (id, paisa, note)
    select i, i * 100, repeat('दाल भात ', 12) from generate_series(${from}::int, ${from + rows - 1}::int) i`);

describe.each([
  { thread: false, label: 'in this process' },
  { thread: true, label: 'on its own thread' },
])('PGlite on a data folder, $label', ({ thread }) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('reads and stores every row while its tables grow, shrink and are made again', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pasal-sizes-'));
    folders.push(folder);
    let database = await openDatabase({ pgliteDir: folder, pgliteThread: thread });
    try {
      await database.db.execute(
        sql`create table ledger (id int primary key, paisa bigint not null, note text)`,
      );
      // Each batch extends the table and its index; each count reads them to their new end.
      let rows = 0;
      for (let batch = 0; batch < 6; batch += 1) {
        await addRows(database, rows + 1, 2_000);
        rows += 2_000;
        expect(await count(database)).toBe(rows);
        const [last] = await queryRows<{ id: number }>(database.db, sql`select max(id) as id from ledger`);
        expect(Number(last.id)).toBe(rows);
      }
      // Vacuum gives the emptied end of the table back to the file system; new rows then extend
      // the shorter file, and nothing is read from past its end.
      await database.db.execute(sql`delete from ledger where id > 1000`);
      await database.db.execute(sql`vacuum ledger`);
      expect(await count(database)).toBe(1_000);
      await addRows(database, 20_001, 3_000);
      expect(await count(database)).toBe(4_000);
      // Dropped and made again under the same name: a new, empty file.
      await database.db.execute(sql`drop table ledger`);
      await database.db.execute(
        sql`create table ledger (id int primary key, paisa bigint not null, note text)`,
      );
      expect(await count(database)).toBe(0);
      await addRows(database, 1, 5_000);
      expect(await count(database)).toBe(5_000);
    } finally {
      await database.close();
    }
    // After a restart every row is where PostgreSQL wrote it.
    database = await openDatabase({ pgliteDir: folder, pgliteThread: thread });
    try {
      expect(await count(database)).toBe(5_000);
      expect(await total(database)).toBe((5_000 * 5_001 * 100) / 2);
      const [row] = await queryRows<{ paisa: string; note: string }>(
        database.db,
        sql`select paisa::text, note from ledger where id = 4321`,
      );
      expect(row).toEqual({ paisa: '432100', note: 'दाल भात '.repeat(12) });
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('PGlite on a data folder, asked the same thing again', () => {
  it('does not ask the file system for a size while nothing has been written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pasal-sizes-'));
    const database = await openDatabase({ pgliteDir: folder });
    const statuses = vi.spyOn(fs, 'fstatSync');
    try {
      await database.db.execute(
        sql`create table ledger (id int primary key, paisa bigint not null, note text)`,
      );
      await addRows(database, 1, 500);
      // A parameter (planned each time, as a search is) and a scan of the whole table.
      const read = sql`select count(*)::int as n from ledger where note like ${'%भात%'}`;
      await queryRows(database.db, read);
      statuses.mockClear();
      for (let i = 0; i < 20; i += 1) await queryRows(database.db, read);
      // Without decision 086, every one of these statements asks for the table's and index's sizes.
      expect(statuses).not.toHaveBeenCalled();
      // A write makes the next read ask again.
      await addRows(database, 501, 10);
      statuses.mockClear();
      expect(await count(database)).toBe(510);
      expect(statuses.mock.calls.length).toBeGreaterThan(0);
    } finally {
      statuses.mockRestore();
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
