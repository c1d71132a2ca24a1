import type {
  AdminBanner,
  AdminBannerList,
  adminBannerForm,
  adminBannerUpdate,
} from '@pasal/contract/admin-banners';
import { asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { banners } from '../../../db/schema/marketing';
import { NotFoundError } from '../../../lib/errors';
import { IMAGE_SIZES, removeMedia, storeWebpImages } from '../../../lib/images';
import { recordAudit } from '../audit/audit-log';
import {
  type AuditedResource,
  auditedCreate,
  auditedDelete,
  auditedUpdate,
  lockRecord,
} from '../audited-change';
import { staleEdit } from '../stale-edit';

export const BANNER_NOT_FOUND = 'Banner not found.';

type BannerRow = typeof banners.$inferSelect;

function toBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    nepali_title: row.nepaliTitle,
    image: row.image,
    link: row.link,
    position: row.position,
    is_active: row.isActive,
    version: row.version,
  };
}

export async function listBanners(db: DbOrTx): Promise<AdminBannerList> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  return { count: rows.length, results: rows.map(toBanner) };
}

export async function bannerView(db: DbOrTx, bannerId: number): Promise<AdminBanner> {
  const [row] = await db.select().from(banners).where(eq(banners.id, bannerId));
  if (!row) throw new NotFoundError(BANNER_NOT_FOUND);
  return toBanner(row);
}

const bannerResource: AuditedResource<typeof banners, AdminBanner> = {
  table: banners,
  entity: 'banner',
  notFound: BANNER_NOT_FOUND,
  view: bannerView,
};

function storeBannerImage(mediaDir: string, bytes: Buffer): Promise<string[]> {
  return storeWebpImages(mediaDir, 'banners', 'b', bytes, [{ size: IMAGE_SIZES.banner, suffix: '' }]);
}

/** A new banner from the form's fields (already checked) and its picture (1600×500 WebP). */
export async function createBanner(
  db: Db,
  mediaDir: string,
  staffId: number,
  fields: z.output<typeof adminBannerForm>,
  bytes: Buffer,
): Promise<AdminBanner> {
  const [image] = await storeBannerImage(mediaDir, bytes);
  try {
    return await auditedCreate(db, staffId, bannerResource, async (tx) => {
      const [last] = await tx.select({ position: max(banners.position) }).from(banners);
      const [row] = await tx
        .insert(banners)
        .values({
          title: fields.title,
          nepaliTitle: fields.nepali_title ?? '',
          image,
          link: fields.link ?? null,
          position: fields.position ?? (last.position === null ? 0 : Number(last.position) + 1),
          isActive: fields.is_active ?? true,
        })
        .returning({ id: banners.id });
      return row.id;
    });
  } catch (error) {
    await removeMedia(mediaDir, [image]);
    throw error;
  }
}

export async function updateBanner(
  db: Db,
  staffId: number,
  bannerId: number,
  body: z.output<typeof adminBannerUpdate>,
): Promise<AdminBanner> {
  return auditedUpdate(db, staffId, bannerResource, bannerId, body.version, () => {
    const set: Partial<typeof banners.$inferInsert> = {};
    if (body.title !== undefined) set.title = body.title;
    if (body.nepali_title !== undefined) set.nepaliTitle = body.nepali_title;
    if (body.link !== undefined) set.link = body.link;
    if (body.position !== undefined) set.position = body.position;
    if (body.is_active !== undefined) set.isActive = body.is_active;
    return { set };
  });
}

export async function replaceBannerImage(
  db: Db,
  mediaDir: string,
  staffId: number,
  bannerId: number,
  bytes: Buffer,
): Promise<AdminBanner> {
  await bannerView(db, bannerId);
  const [image] = await storeBannerImage(mediaDir, bytes);
  let result: { after: AdminBanner; old: string };
  try {
    result = await db.transaction(async (tx) => {
      const row = await lockRecord(tx, bannerResource, bannerId);
      const [updated] = await tx
        .update(banners)
        .set({ image, version: row.version + 1 })
        .where(eq(banners.id, bannerId))
        .returning();
      await recordAudit(tx, {
        staffId,
        entity: 'banner',
        entityId: bannerId,
        action: 'image_replace',
        before: toBanner(row),
        after: toBanner(updated),
      });
      return { after: toBanner(updated), old: row.image };
    });
  } catch (error) {
    await removeMedia(mediaDir, [image]);
    throw error;
  }
  await removeMedia(mediaDir, [result.old]);
  return result.after;
}

export async function deleteBanner(
  db: Db,
  mediaDir: string,
  staffId: number,
  bannerId: number,
  version: number,
): Promise<void> {
  const row = await auditedDelete(db, staffId, bannerResource, bannerId, version);
  await removeMedia(mediaDir, [row.image]);
}

/**
 * Puts every banner in the order given (positions 0, 1, …). A list made from an older view (a banner
 * added or deleted since) is a 409 with the banners as they are. Each banner that moves gets a new
 * version and an audit entry.
 */
export async function reorderBanners(db: Db, staffId: number, bannerIds: number[]): Promise<AdminBannerList> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(banners).orderBy(asc(banners.id)).for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (bannerIds.length !== rows.length || bannerIds.some((id) => !byId.has(id))) {
      throw staleEdit(await listBanners(tx));
    }
    for (const [position, id] of bannerIds.entries()) {
      const row = byId.get(id)!;
      if (row.position === position) continue;
      const [moved] = await tx
        .update(banners)
        .set({ position, version: row.version + 1 })
        .where(eq(banners.id, id))
        .returning();
      await recordAudit(tx, {
        staffId,
        entity: 'banner',
        entityId: id,
        action: 'reorder',
        before: toBanner(row),
        after: toBanner(moved),
      });
    }
    return listBanners(tx);
  });
}
