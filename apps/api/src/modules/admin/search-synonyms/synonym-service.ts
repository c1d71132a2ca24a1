import type { AdminSynonym } from '@pasal/contract/admin-search-synonyms';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { searchSynonyms } from '../../../db/schema/catalogue';
import { NotFoundError } from '../../../lib/errors';
import { type AuditedResource, auditedCreate, auditedDelete, auditedUpdate } from '../audited-change';

export const SYNONYM_NOT_FOUND = 'Synonym group not found.';

type SynonymRow = typeof searchSynonyms.$inferSelect;

const view = (row: SynonymRow): AdminSynonym => ({ id: row.id, words: row.words, version: row.version });

export async function listSynonyms(db: Db): Promise<AdminSynonym[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id));
  return rows.map(view);
}

async function synonymView(db: DbOrTx, id: number): Promise<AdminSynonym> {
  const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
  if (!row) throw new NotFoundError(SYNONYM_NOT_FOUND);
  return view(row);
}

const synonymResource: AuditedResource<typeof searchSynonyms, AdminSynonym> = {
  table: searchSynonyms,
  entity: 'search_synonym',
  notFound: SYNONYM_NOT_FOUND,
  view: synonymView,
  audited: ({ words }) => ({ words }),
};

export async function createSynonym(db: Db, staffId: number, words: string[]): Promise<AdminSynonym> {
  return auditedCreate(db, staffId, synonymResource, async (tx) => {
    const [row] = await tx.insert(searchSynonyms).values({ words }).returning({ id: searchSynonyms.id });
    return row.id;
  });
}

/** Saves the group's words (a save always makes a new version, even with the same words). */
export async function updateSynonym(
  db: Db,
  staffId: number,
  id: number,
  input: { words: string[]; version: number },
): Promise<AdminSynonym> {
  return auditedUpdate(db, staffId, synonymResource, id, input.version, () => ({
    set: { words: input.words, updatedAt: new Date() },
  }));
}

export async function deleteSynonym(db: Db, staffId: number, id: number, version: number): Promise<void> {
  await auditedDelete(db, staffId, synonymResource, id, version);
}
