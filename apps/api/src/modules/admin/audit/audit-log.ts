import type { AuditAction, AuditEntity, AuditEntry, AuditPage } from '@pasal/contract/admin-audit';
import { toNepalIso } from '@pasal/contract/admin-common';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { auditLog } from '../../../db/schema/audit';
import { users } from '../../../db/schema/users';
import { type ListParams, pageAnswer, pageWindow, sortBy } from '../admin-list';
import { staffName } from './staff-name';

export interface AuditRecord {
  staffId: number;
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  /** The record (or the part changed) before, as the console shows it; null for a creation. */
  before: object | null;
  /** The same after; null for a deletion. */
  after: object | null;
  note?: string | null;
}

/** Writes one audit entry; call it inside the transaction that makes the change. */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: record.staffId,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    before: record.before,
    after: record.after,
    note: record.note ?? null,
  });
}

export interface AuditQuery extends ListParams {
  entity?: AuditEntity;
  entity_id?: number;
  staff?: number;
  action?: AuditAction;
}

export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const conditions: (SQL | undefined)[] = [
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    query.staff ? eq(auditLog.staffId, query.staff) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
  ];
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      entry: auditLog,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.staffId))
    .where(where)
    .orderBy(...sortBy(auditLog.at, query.order, auditLog.id))
    .limit(pageWindow(query).limit)
    .offset(pageWindow(query).offset);
  const results: AuditEntry[] = rows.map(({ entry, firstName, lastName, email }) => ({
    id: entry.id,
    at: toNepalIso(entry.at),
    staff: { id: entry.staffId, name: staffName(firstName, lastName), email },
    entity: entry.entity as AuditEntity,
    entity_id: entry.entityId,
    action: entry.action as AuditAction,
    before: entry.before as Record<string, unknown> | null,
    after: entry.after as Record<string, unknown> | null,
    note: entry.note,
  }));
  return pageAnswer(query, Number(total), results);
}
