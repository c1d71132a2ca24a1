import type { AuditEntity } from '@pasal/contract/admin-audit';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { recordAudit } from './audit/audit-log';
import { checkVersion } from './stale-edit';

// The console's create, edit and delete of one record, audited and version-checked, in one place
// (docs/decisions/049-one-console-pattern.md). Each takes the db handle or a transaction already
// open (it then runs in a savepoint), so a service can make the change part of a larger one.

/** A table whose records staff edit: a numeric id and the version an edit is made from. */
export type VersionedTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  $inferSelect: { id: number; version: number };
};

type Row<T extends VersionedTable> = T['$inferSelect'];
type Columns<T extends VersionedTable> = Partial<T['$inferInsert']>;

export interface AuditedResource<T extends VersionedTable, V> {
  table: T;
  entity: AuditEntity;
  /** The 404's message. */
  notFound: string;
  /** The record as the console shows it (and as a 409 hands it back). */
  view(tx: DbOrTx, id: number): Promise<V>;
  /** What the audit log keeps of the view (by default, all of it). */
  audited?(view: V): object;
}

const audited = <V>(resource: AuditedResource<VersionedTable, V>, view: V): object =>
  resource.audited ? resource.audited(view) : (view as object);

/** Locks the record for the rest of the transaction; a 404 when there is none. */
export async function lockRecord<T extends VersionedTable>(
  tx: DbOrTx,
  resource: { table: T; notFound: string },
  id: number,
): Promise<Row<T>> {
  const table = resource.table as VersionedTable;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (!row) throw new NotFoundError(resource.notFound);
  return row as Row<T>;
}

/** Inserts with `insert` (which answers the new id), then audits the record as created. */
export async function auditedCreate<T extends VersionedTable, V>(
  db: Db,
  staffId: number,
  resource: AuditedResource<T, V>,
  insert: (tx: Tx) => Promise<number>,
  /** What the audit log keeps of the new record, when it is more than `audited` (e.g. its parts). */
  after?: (view: V) => object,
): Promise<V> {
  return db.transaction(async (tx) => {
    const id = await insert(tx);
    const view = await resource.view(tx, id);
    await recordAudit(tx, {
      staffId,
      entity: resource.entity,
      entityId: id,
      action: 'create',
      before: null,
      after: after ? after(view) : audited(resource, view),
    });
    return view;
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

export interface EditPlan<T extends VersionedTable> {
  /** The columns the edit sends; those equal to the record's are left alone. */
  set: Columns<T>;
  /** Rules checked before the write, only when something changes. */
  check?: () => Promise<void> | void;
}

/**
 * An edit made from `version`: a 409 with the record as it is when someone else changed it first,
 * nothing written (and the record as it is) when no column changes, otherwise the changed columns
 * and the next version, with the view before and after in the audit log.
 */
export async function auditedUpdate<T extends VersionedTable, V>(
  db: Db,
  staffId: number,
  resource: AuditedResource<T, V>,
  id: number,
  version: number,
  plan: (tx: Tx, row: Row<T>) => Promise<EditPlan<T>> | EditPlan<T>,
): Promise<V> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, resource, id);
    await checkVersion(version, row, () => resource.view(tx, id));
    const { set, check } = await plan(tx, row);
    const changed = Object.entries(set).filter(
      ([key, value]) => !sameValue((row as Record<string, unknown>)[key], value),
    );
    const before = await resource.view(tx, id);
    if (changed.length === 0) return before;
    await check?.();
    const table = resource.table as VersionedTable;
    await tx
      .update(table)
      .set({ ...Object.fromEntries(changed), version: row.version + 1 })
      .where(eq(table.id, id));
    const after = await resource.view(tx, id);
    await recordAudit(tx, {
      staffId,
      entity: resource.entity,
      entityId: id,
      action: 'update',
      before: audited(resource, before),
      after: audited(resource, after),
    });
    return after;
  });
}

/**
 * Deletes the record staff read at `version`, after `guard` (which throws to refuse, e.g. a record
 * still in use). Answers the deleted row, so the caller can remove its files once committed.
 */
export async function auditedDelete<T extends VersionedTable, V>(
  db: Db,
  staffId: number,
  resource: AuditedResource<T, V>,
  id: number,
  version: number,
  guard?: (tx: Tx, before: V) => Promise<void>,
): Promise<Row<T>> {
  return db.transaction(async (tx) => {
    const row = await lockRecord(tx, resource, id);
    const before = await resource.view(tx, id);
    await checkVersion(version, row, () => before);
    await guard?.(tx, before);
    const table = resource.table as VersionedTable;
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, {
      staffId,
      entity: resource.entity,
      entityId: id,
      action: 'delete',
      before: audited(resource, before),
      after: null,
    });
    return row;
  });
}
