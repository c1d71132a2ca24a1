import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { products } from '../db/schema/catalogue';
import { users } from '../db/schema/users';
import { tempDir } from '../test/database-modes';
import { createProduct, createUser } from '../test/factories';
import { prepareBackup } from './backup';
import { RestoreError, restoreBackup } from './restore';

// Backup and restore of an embedded database folder, in this process. The same with a running
// server taking the copy while it serves requests is src/reliability/backup-restore.test.ts.
const root = tempDir('pasal-backup-');
const dataDir = join(root, 'data');
const mediaDir = join(dataDir, 'media');
const archive = join(root, 'backup.tar.gz');
let database: Database;
const media = {
  'products/tea.webp': Buffer.from('RIFF-tea'),
  'avatars/7-abc.webp': Buffer.from('RIFF-avatar'),
};
let userEmails: string[];
let productSlugs: string[];

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
  await database.migrate();
  userEmails = [];
  productSlugs = [];
  for (let i = 0; i < 3; i += 1) userEmails.push((await createUser(database.db)).email as string);
  for (let i = 0; i < 3; i += 1) productSlugs.push((await createProduct(database.db)).slug);
  for (const [name, bytes] of Object.entries(media)) {
    mkdirSync(join(mediaDir, name, '..'), { recursive: true });
    writeFileSync(join(mediaDir, name), bytes);
  }
  const backup = await prepareBackup({ database, dataDir, dbDir: join(dataDir, 'db'), mediaDir });
  // Nothing else is awaited: the archive ends only once its staging folder is gone.
  await pipeline(backup.stream(), createWriteStream(archive));
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

test('a backup holds a manifest with every table count and the media; no staging is left behind', () => {
  expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup'))).toEqual([]);
  expect(existsSync(archive)).toBe(true);
});

test('a backup cut short still removes its staging folder', async () => {
  const backup = await prepareBackup({ database, dataDir, dbDir: join(dataDir, 'db'), mediaDir });
  expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup'))).toHaveLength(1);
  const stream = backup.stream();
  stream.destroy();
  await vi.waitFor(
    () => expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup'))).toEqual([]),
    // The removal is asynchronous; on a busy machine it takes longer than waitFor's default second.
    { timeout: 15_000 },
  );
});

test('restore into a new folder brings back every row and media file, checked against the manifest', async () => {
  const target = join(root, 'restored');
  const { manifest } = await restoreBackup(archive, target);
  expect(manifest.database.kind).toBe('pglite');
  if (manifest.database.kind === 'pglite') expect(manifest.database.tables['public.users']).toBe(3);
  expect(manifest.media).toEqual({ files: 2, bytes: 8 + 11 });
  for (const [name, bytes] of Object.entries(media)) {
    expect(readFileSync(join(target, 'media', name)), name).toEqual(bytes);
  }
  const restored = await openDatabase({ pgliteDir: join(target, 'db') });
  try {
    for (const email of userEmails) {
      expect(await restored.db.select().from(users).where(eq(users.email, email)), email).toHaveLength(1);
    }
    for (const slug of productSlugs) {
      expect(await restored.db.select().from(products).where(eq(products.slug, slug)), slug).toHaveLength(1);
    }
  } finally {
    await restored.close();
  }
});

test('restore refuses a folder that is not empty, and touches nothing in it', async () => {
  const target = join(root, 'occupied');
  mkdirSync(target);
  writeFileSync(join(target, 'keep.txt'), 'mine');
  await expect(restoreBackup(archive, target)).rejects.toThrow(RestoreError);
  await expect(restoreBackup(archive, target)).rejects.toThrow(/not empty/);
  expect(readdirSync(target)).toEqual(['keep.txt']);
});

test('restore refuses a damaged archive or one with foreign entries, and leaves no folder', async () => {
  const truncated = join(root, 'truncated.tar.gz');
  const bytes = readFileSync(archive);
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await expect(restoreBackup(truncated, join(root, 'from-truncated'))).rejects.toThrow();
  expect(existsSync(join(root, 'from-truncated'))).toBe(false);

  const foreign = join(root, 'foreign');
  mkdirSync(join(foreign, 'etc'), { recursive: true });
  writeFileSync(
    join(foreign, 'manifest.json'),
    JSON.stringify({
      format: 'pasal-backup',
      version: 1,
      media: { files: 0, bytes: 0 },
      database: { kind: 'postgres', note: '' },
    }),
  );
  writeFileSync(join(foreign, 'etc', 'cron'), '* * * * * evil');
  const foreignArchive = join(root, 'foreign.tar.gz');
  await createTar({ gzip: true, cwd: foreign, file: foreignArchive }, ['manifest.json', 'etc']);
  await expect(restoreBackup(foreignArchive, join(root, 'from-foreign'))).rejects.toThrow(
    /unexpected entries/,
  );
  expect(existsSync(join(root, 'from-foreign'))).toBe(false);
  expect(readdirSync(root).filter((name) => name.includes('restoring'))).toEqual([]);
});
