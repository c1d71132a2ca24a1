import { z } from 'zod';
import { dateTimeText, listQuery, pageOf, queryId, staffRef } from './admin-common';

// The audit log: every change staff made in the console, newest first.

/** What a change was made to; the id is that record's. */
export const AUDIT_ENTITIES = [
  'product',
  'category',
  'banner',
  'flash_sale',
  'voucher',
  'delivery_station',
  'customer',
  'order',
  'search_synonym',
  'rider_cash_day',
  'shop_settings',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'reorder',
  'stock_adjust',
  'image_add',
  'image_delete',
  'image_reorder',
  'image_primary',
  'image_replace',
  'coverage_replace',
  'slots_replace',
  'disable',
  'enable',
  'status_change',
  'refund',
  'assign',
  'close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  at: dateTimeText,
  staff: staffRef,
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  before: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The record (or the part changed) before, as the console shows it; null for a creation'),
  after: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The same after the change; null for a deletion'),
  note: z.string().nullable().describe('The reason staff gave, where asked (stock adjustments, disabling)'),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

export const auditListQuery = listQuery(
  ['at'],
  { sort: 'at', order: 'desc' },
  {
    entity: z
      .enum(AUDIT_ENTITIES, { error: `entity must be one of: ${AUDIT_ENTITIES.join(', ')}` })
      .optional(),
    entity_id: queryId('entity_id').optional(),
    staff: queryId('Staff').optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of: ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  },
).describe('q is not used by the audit log');
