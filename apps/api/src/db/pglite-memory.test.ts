import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';

// Decision 076: the server gives PGlite a smaller buffer cache than PostgreSQL's 128MB, on its own
// thread and in-process alike; without the setting PGlite keeps its default.
describe('PGlite shared_buffers', () => {
  it.each([
    ['on its own thread', true],
    ['in-process', false],
  ])(
    '%s, runs with the size it was given',
    async (_, pgliteThread) => {
      const database = await openDatabase({ pgliteThread, pgliteSharedBuffers: '16MB' });
      try {
        const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
        expect(row.shared_buffers).toBe('16MB');
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it("keeps PostgreSQL's default when none is given", async () => {
    const database = await openDatabase({ pgliteThread: false });
    try {
      const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      expect(row.shared_buffers).toBe('128MB');
    } finally {
      await database.close();
    }
  }, 60_000);
});
