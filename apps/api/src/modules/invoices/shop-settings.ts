import type { ShopSettings, shopSettingsUpdate } from '@pasal/contract/invoices';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { shopSettings } from '../../db/schema/invoices';
import { type AuditedResource, auditedUpdate } from '../admin/audited-change';

export const SHOP_SETTINGS_MISSING = 'The shop settings are missing.';

async function settingsView(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return { legal_name: row.legalName, address: row.address, pan: row.pan, version: row.version };
}

const resource: AuditedResource<typeof shopSettings, ShopSettings> = {
  table: shopSettings,
  entity: 'shop_settings',
  notFound: SHOP_SETTINGS_MISSING,
  view: (tx) => settingsView(tx),
};

export function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  return settingsView(db);
}

/** Staff edit the shop's details (audited, version-checked); issued invoices keep their copy. */
export function updateShopSettings(
  db: Db,
  staffId: number,
  body: z.output<typeof shopSettingsUpdate>,
): Promise<ShopSettings> {
  return auditedUpdate(db, staffId, resource, 1, body.version, () => ({
    set: { legalName: body.legal_name, address: body.address, pan: body.pan },
  }));
}
