import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every change staff make in the console: who, when, what (entity, id, action), and the record
 * before and after as the console shows it. Written in the transaction that makes the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    /** Null for a creation. */
    before: jsonb('before'),
    /** Null for a deletion. */
    after: jsonb('after'),
    /** Why, when staff said (a stock adjustment's reason, a customer's disabling). */
    note: text('note'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.id),
  ],
);
