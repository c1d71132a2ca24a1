import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { messageOutbox } from '../db/schema/platform';
import { users } from '../db/schema/users';
import { type FakeSmtp, startFakeSmtp } from '../modules/messaging/fake-servers';
import { databaseModes, type ServerData } from '../test/database-modes';
import { killAll, type ServerProcess, startServer } from '../test/server-process';
import { checkoutCall, eventually, seedShop, sendCheckout, withDatabase } from './shop-fixture';

// An order confirmation queued with the order is delivered even when the server dies between the
// commit and the send: the next server's outbox sweeper sends it (docs/decisions/027).

const servers: ServerProcess[] = [];
const data: ServerData[] = [];
const fakes: FakeSmtp[] = [];
afterAll(async () => {
  await killAll(servers);
  for (const d of data) await d.dispose();
  for (const fake of fakes) await fake.close();
});

describe.each(databaseModes())('on $name', (mode) => {
  test('SIGKILL while the confirmation is being sent: after the restart it reaches the SMTP server once', async () => {
    const folder = await mode.prepare();
    data.push(folder);
    const shop = await seedShop(folder, { products: 1, stock: 5, customers: 1 });
    const [customer] = shop.customers;
    const smtp = await startFakeSmtp();
    fakes.push(smtp);
    // The SMTP server takes the connection and never greets: the send after the commit hangs.
    smtp.hold = true;
    const env = { SMTP_URL: smtp.url, OUTBOX_RETRY_AFTER: '5', OUTBOX_SWEEP_INTERVAL: '1' };
    const server = await startServer({ ...folder, env });
    servers.push(server);

    const placed = await sendCheckout(server, checkoutCall(customer, [[shop.products[0].id, 1]], 'cash'));
    expect(placed.status).toBe(201);
    const trackingId: string = placed.body.tracking_id;
    await eventually(async () => smtp.connections > 0, 'the confirmation send to start');
    await server.kill('SIGKILL');
    expect(smtp.mails).toHaveLength(0);

    smtp.hold = false;
    const restarted = await server.restart();
    servers.push(restarted);
    await eventually(
      async () => smtp.mails.some((mail) => mail.data.includes(trackingId)),
      'the confirmation to arrive after the restart',
    );
    // The sweeper stops with the server: a clean exit.
    expect(await restarted.stop()).toEqual({ code: 0, signal: null });

    const mails = smtp.mails.filter((mail) => mail.data.includes(trackingId));
    expect(mails).toHaveLength(1);
    expect(mails[0].data).toContain(`Subject: Your Pasal order ${trackingId} is confirmed`);
    const { email, rows } = await withDatabase(folder, async (db) => {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, customer.id));
      const email = user.email!;
      return { email, rows: await db.select().from(messageOutbox).where(eq(messageOutbox.recipient, email)) };
    });
    expect(mails[0].to.join()).toContain(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'smtp', error: null, attempts: 1, nextAttemptAt: null });
    expect(rows[0].sentAt).not.toBeNull();
  });
});
