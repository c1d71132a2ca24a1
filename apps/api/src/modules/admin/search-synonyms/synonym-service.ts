import type { AdminSynonym } from '@pasal/contract/admin-search-synonyms';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { searchSynonyms } from '../../../db/schema/catalogue';
import { NotFoundError } from '../../../lib/errors';
import { recordAudit } from '../audit/audit-log';
import { checkVersion } from '../stale-edit';

export const SYNONYM_NOT_FOUND = 'Synonym group not found.';

type SynonymRow = typeof searchSynonyms.$inferSelect;

const view = (row: SynonymRow): AdminSynonym => ({ id: row.id, words: row.words, version: row.version });

export async function listSynonyms(db: Db): Promise<AdminSynonym[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id));
  return rows.map(view);
}

export async function createSynonym(db: Db, staffId: number, words: string[]): Promise<AdminSynonym> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(searchSynonyms).values({ words }).returning();
    await recordAudit(tx, {
      staffId,
      entity: 'search_synonym',
      entityId: row.id,
      action: 'create',
      before: null,
      after: { words },
    });
    return view(row);
  });
}

async function lockedRow(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  id: number,
): Promise<SynonymRow> {
  const [row] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
  if (!row) throw new NotFoundError(SYNONYM_NOT_FOUND);
  return row;
}

export async function updateSynonym(
  db: Db,
  staffId: number,
  id: number,
  input: { words: string[]; version: number },
): Promise<AdminSynonym> {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    await checkVersion(input.version, row, () => view(row));
    const [updated] = await tx
      .update(searchSynonyms)
      .set({ words: input.words, version: row.version + 1, updatedAt: new Date() })
      .where(eq(searchSynonyms.id, id))
      .returning();
    await recordAudit(tx, {
      staffId,
      entity: 'search_synonym',
      entityId: id,
      action: 'update',
      before: { words: row.words },
      after: { words: input.words },
    });
    return view(updated);
  });
}

export async function deleteSynonym(db: Db, staffId: number, id: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    await checkVersion(version, row, () => view(row));
    await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
    await recordAudit(tx, {
      staffId,
      entity: 'search_synonym',
      entityId: id,
      action: 'delete',
      before: { words: row.words },
      after: null,
    });
  });
}
