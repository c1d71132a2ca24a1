import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/client';
import { orderLines, orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { signupForm } from '../modules/auth/auth-test-helpers';
import { databaseModes, type ServerData, tempDir } from '../test/database-modes';
import { createProduct, createUser } from '../test/factories';
import { killAll, type ServerProcess, startServer } from '../test/server-process';

// `npm run backup` while the shop runs and serves requests, `npm run restore` into a new folder,
// and the shop started on the restored folder: every order, line, account and media file is back.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  await killAll(servers);
  for (const cleanup of cleanups) await cleanup();
});

/** `npm run <script> -- …args` at the repository root, as an operator would type it. */
function npmRun(script: string, args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolveRun) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: undefined, DATABASE_URL: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

interface Seeded {
  customerPhone: string;
  productSlugs: string[];
  orderIds: number[];
  lineCount: number;
  media: Map<string, Buffer>;
}

/** Rows that stand for orders (with their lines) and a few media files, written with the schema. */
async function seed(data: ServerData): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl: data.databaseUrl, pgliteDir: join(data.dataDir, 'db') });
  await database.migrate();
  const media = new Map<string, Buffer>();
  const orderIds: number[] = [];
  const productSlugs: string[] = [];
  let lineCount = 0;
  let customerPhone = '';
  try {
    const customer = await createUser(database.db);
    customerPhone = customer.phone as string;
    for (let i = 0; i < 4; i += 1) {
      const product = await createProduct(database.db);
      productSlugs.push(product.slug);
      const [order] = await database.db
        .insert(orders)
        .values({
          userId: customer.id,
          trackingId: `TRK-${i}-${product.slug}`,
          shippingAddress: { name: 'Sita Sharma', city: 'Pokhara' },
          subtotal: 36_000,
          total: 36_000,
        })
        .returning();
      await database.db.insert(orderLines).values(
        [1, 2].map((quantity) => ({
          orderId: order.id,
          productId: product.id,
          title: product.title,
          quantity,
          unitPrice: 18_000,
          markedPrice: 20_000,
          lineTotal: 18_000 * quantity,
        })),
      );
      orderIds.push(order.id);
      lineCount += 2;
      // A real picture per product, as an upload would leave it.
      const picture = await sharp({ create: { width: 8 + i, height: 8, channels: 3, background: '#2a7' } })
        .webp()
        .toBuffer();
      const name = `products/${product.slug}.webp`;
      mkdirSync(join(data.dataDir, 'media', 'products'), { recursive: true });
      writeFileSync(join(data.dataDir, 'media', name), picture);
      media.set(name, picture);
    }
  } finally {
    await database.close();
  }
  return { customerPhone, productSlugs, orderIds, lineCount, media };
}

/** Sign-ups and catalogue reads, back to back, until stopped: the shop is busy while it is copied. */
function traffic(server: ServerProcess) {
  let running = true;
  const signedUp: string[] = [];
  let n = 0;
  const loop = (async () => {
    while (running) {
      n += 1;
      const form = signupForm();
      const [signup, catalogue] = await Promise.all([
        fetch(`${server.url}/api/ecommerce/signup/`, {
          method: 'POST',
          // Each sign-up from its own address: the per-address cap is not under test here.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` },
          body: JSON.stringify(form),
        }),
        fetch(`${server.url}/api/ecommerce/category/all`),
      ]);
      expect(catalogue.status).toBe(200);
      expect(signup.status).toBe(201);
      signedUp.push(form.email);
    }
  })();
  return {
    signedUp,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** The shop on the restored data: the customer logs in, the products and their pictures are served. */
async function shopHasEverything(server: ServerProcess, seeded: Seeded): Promise<void> {
  const login = await fetch(`${server.url}/api/ecommerce/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_or_email: seeded.customerPhone, password: 'Passw0rd!' }),
  });
  expect(login.status).toBe(200);
  for (const slug of seeded.productSlugs) {
    expect((await fetch(`${server.url}/api/ecommerce/product/detail/${slug}/`)).status, slug).toBe(200);
  }
  for (const [name, bytes] of seeded.media) {
    const res = await fetch(`${server.url}/media/${name}`);
    expect(res.status, name).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()), name).toEqual(bytes);
  }
}

/** The shop started on the restored folder has everything, and so has its database, row by row. */
async function restoredShopHasEverything(restoredDir: string, seeded: Seeded, signedUp: string[]) {
  const onRestored = await startServer({ dataDir: restoredDir });
  servers.push(onRestored);
  await shopHasEverything(onRestored, seeded);
  expect(await onRestored.stop()).toEqual({ code: 0, signal: null });

  const restored = await openDatabase({ pgliteDir: join(restoredDir, 'db') });
  try {
    const orderRows = await restored.db.select().from(orders).where(inArray(orders.id, seeded.orderIds));
    expect(orderRows).toHaveLength(seeded.orderIds.length);
    const lines = await restored.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, seeded.orderIds));
    expect(lines).toHaveLength(seeded.lineCount);
    for (const email of signedUp) {
      expect(await restored.db.select().from(users).where(eq(users.email, email)), email).toHaveLength(1);
    }
  } finally {
    await restored.close();
  }
}

/** With the shop stopped, the backup script opens the folder itself, and its archive restores. */
async function offlineBackupRestores(dataDir: string, work: string) {
  const archive = join(work, 'offline.tar.gz');
  const backup = await npmRun('backup', [archive], { DATA_DIR: dataDir });
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).not.toContain('The shop is running');
  const restore = await npmRun('restore', [archive, join(work, 'offline-restored')], {});
  expect(restore.code, restore.output).toBe(0);
  expect(restore.output).toMatch(/\d+ rows checked, 4 media files/);
}

// The database modes run side by side, and so do the steps that need nothing of each other (each
// step starts a process that spends most of its time starting Node and the embedded database).
describe.concurrent('backup and restore', () => {
  for (const mode of databaseModes()) {
    test(`on ${mode.name}: backup while the shop runs and serves requests; restore into a new folder; the shop has everything`, async () => {
      const work = tempDir('pasal-backups-');
      const data = await mode.prepare();
      cleanups.push(
        () => data.dispose(),
        () => rmSync(work, { recursive: true, force: true }),
      );
      const seeded = await seed(data);
      const env = { DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl };
      const server = await startServer({ ...data, env: { TRUST_PROXY: '1' } });
      servers.push(server);

      const load = traffic(server);
      // Some sign-ups are answered before the backup starts; more run while it is taken.
      while (load.signedUp.length < 2) await new Promise((r) => setTimeout(r, 50));
      const before = [...load.signedUp];
      const archive = join(work, 'shop.tar.gz');
      const backup = await npmRun('backup', [archive], env);
      await load.stop();
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`Backup written to ${archive}`);
      expect(existsSync(`${archive}.partial`)).toBe(false);
      // The backup's staging folder is gone from the data folder.
      expect(readdirSync(data.dataDir).filter((name) => name.startsWith('.backup'))).toEqual([]);

      // The shop stops while the archive is restored twice: into a folder with anything in it
      // (refused, the folder left alone) and into a new folder.
      const occupied = join(work, 'occupied');
      mkdirSync(occupied);
      writeFileSync(join(occupied, 'notes.txt'), 'mine');
      const restoredDir = join(work, 'restored');
      const [stopped, refused, restore] = await Promise.all([
        server.stop(),
        npmRun('restore', [archive, occupied], {}),
        npmRun('restore', [archive, restoredDir], {}),
      ]);
      expect(stopped).toEqual({ code: 0, signal: null });
      expect(refused.code).toBe(2);
      expect(refused.output).toContain('the folder is not empty');
      expect(readdirSync(occupied)).toEqual(['notes.txt']);
      expect(restore.code, restore.output).toBe(0);

      if (mode.name === 'postgres') {
        // The database stays on its server (pg_dump's job); the archive says so and holds the media.
        expect(backup.output).toContain('pg_dump');
        expect(existsSync(join(restoredDir, 'db'))).toBe(false);
        const onRestored = await startServer({ dataDir: restoredDir, databaseUrl: data.databaseUrl });
        servers.push(onRestored);
        await shopHasEverything(onRestored, seeded);
        expect(await onRestored.stop()).toEqual({ code: 0, signal: null });
        return;
      }

      // PGlite: while the restored folder is checked, the stopped shop's folder is backed up by the
      // script itself (on PostgreSQL there is no folder for it to open).
      await Promise.all([
        restoredShopHasEverything(restoredDir, seeded, before),
        offlineBackupRestores(data.dataDir, work),
      ]);
    });
  }
});
