import type { LowStockPage } from '@pasal/contract/admin-low-stock';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lowStockDigests } from '../../../db/schema/catalogue';
import { messageOutbox } from '../../../db/schema/platform';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrder, createProduct, createStaff, createUser } from '../../../test/factories';
import { newShopper, type Shopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { nepalDay, sendLowStockDigest } from './low-stock-digest';

let t: TestApp;
let asha: StaffMember;
let shopper: Shopper;
const ids: Record<string, number> = {};

const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  asha = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
  const customer = await createUser(t.db);
  const make = async (name: string, stock: number, threshold: number, isActive = true) => {
    ids[name] = (
      await createProduct(t.db, { title: name, stock, lowStockThreshold: threshold, isActive })
    ).id;
  };
  await make('Slow sugar', 2, 5);
  await make('Fast noodles', 3, 10);
  await make('Empty salt', 0, 5);
  await make('Plenty of tea', 50, 5);
  await make('Hidden ghee', 0, 5, false);
  const sold = (name: string, quantity: number, createdAt: Date, orderStatus?: 'Cancelled') =>
    createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 1000,
      createdAt,
      orderStatus,
      lines: [{ productId: ids[name], quantity, unitPaisa: 1000 }],
    });
  const now = Date.now();
  await sold('Fast noodles', 30, new Date(now - 2 * DAY));
  await sold('Empty salt', 6, new Date(now - 10 * DAY));
  await sold('Empty salt', 100, new Date(now - 3 * DAY), 'Cancelled');
  await sold('Slow sugar', 500, new Date(now - 40 * DAY)); // outside the 30 days
});
afterAll(async () => {
  await t.close();
});

test('the console lists what is low or out, the fastest sellers of the last 30 days first', async () => {
  const answer = await admin(t.app, 'GET', '/low-stock/', { as: asha });
  expect(answer.statusCode, answer.body).toBe(200);
  const page = answer.json<LowStockPage>();
  expect(page.count).toBe(3);
  expect(
    page.results.map((item) => [item.title, item.stock_state, item.sold_30_days, item.days_left]),
  ).toEqual([
    ['Fast noodles', 'low', 30, 3],
    ['Empty salt', 'out_of_stock', 6, 0],
    ['Slow sugar', 'low', 0, null],
  ]);
});

test('only staff see it', async () => {
  expect((await admin(t.app, 'GET', '/low-stock/')).statusCode).toBe(401);
  expect((await admin(t.app, 'GET', '/low-stock/', { as: shopper })).statusCode).toBe(403);
});

test('staff get the digest by e-mail once per Nepal day, however many instances try', async () => {
  const disabled = await createStaff(t.db, { disabledAt: new Date() });
  const { day } = nepalDay(new Date());
  const at = (time: string) => new Date(`${day}T${time}+05:45`);
  const morning = at('08:00:00');
  expect((await sendLowStockDigest(t.db, t.app.config, at('06:15:00'))).made).toBe(false);

  const outcomes = await Promise.all([1, 2, 3].map(() => sendLowStockDigest(t.db, t.app.config, morning)));
  expect(outcomes.filter((outcome) => outcome.made)).toHaveLength(1);
  const made = outcomes.find((outcome) => outcome.made)!;
  expect(made).toMatchObject({ day: day, products: 3 });

  const mails = await t.db
    .select()
    .from(messageOutbox)
    .where(like(messageOutbox.subject, `Pasal low stock, ${day}%`));
  expect(mails.length).toBe(made.recipients);
  expect(mails.map((mail) => mail.recipient)).not.toContain(disabled.email);
  const mine = mails.find((mail) => mail.recipient.includes('@'))!;
  expect(mine.subject).toBe(`Pasal low stock, ${day}: 3 products`);
  expect(mine.text.indexOf('Fast noodles')).toBeLessThan(mine.text.indexOf('Slow sugar'));
  expect(mine.text).toContain('Empty salt: OUT OF STOCK; 6 sold in 30 days, about 0 days left');

  // Later the same Nepal day: nothing more. The next day: a new digest.
  expect((await sendLowStockDigest(t.db, t.app.config, at('23:30:00'))).made).toBe(false);
  expect((await sendLowStockDigest(t.db, t.app.config, new Date(morning.getTime() + DAY))).made).toBe(true);
  expect(await t.db.select().from(lowStockDigests).where(eq(lowStockDigests.nepalDay, day))).toHaveLength(1);
});
