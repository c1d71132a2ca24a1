import type { BackInStockEntry, BackInStockList } from '@pasal/contract/back-in-stock';
import {
  BACK_IN_STOCK_IN_STOCK,
  BACK_IN_STOCK_NO_EMAIL,
  BACK_IN_STOCK_NOT_FOUND,
} from '@pasal/contract/back-in-stock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backInStockRequests } from '../../db/schema/shopping';
import { users } from '../../db/schema/users';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createUser } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../test/staff';
import { outbox } from '../auth/auth-test-helpers';
import { issueTokens } from '../auth/session-service';
import { body, customerWithAddress, order, stockOf } from '../checkout/checkout-test-helpers';

let t: TestApp;
let staff: StaffMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

interface Customer extends Shopper {
  phone: string;
  email: string;
}

/** A signed-in customer (a proved e-mail unless told), with the phone and e-mail messages go to. */
async function customer(overrides: Parameters<typeof createUser>[1] = {}): Promise<Customer> {
  const user = await createUser(t.db, { emailVerifiedAt: new Date(), ...overrides });
  const { access } = await issueTokens(t.db, t.app.config.jwtSecret, user);
  return { id: user.id, token: access, phone: user.phone!, email: user.email! };
}

const ask = (as: Shopper | undefined, payload: unknown) =>
  call(t.app, 'POST', '/create/back-in-stock/', { as, payload });
const remove = (as: Shopper | undefined, id: number | string) =>
  call(t.app, 'DELETE', `/update/back-in-stock/${id}/`, { as });
const restock = (productId: number, payload: object) =>
  admin(t.app, 'POST', `/products/${productId}/stock-adjustments/`, {
    as: staff,
    payload: { reason: 'Delivery from the wholesaler', ...payload },
  });

async function list(as: Shopper): Promise<BackInStockEntry[]> {
  const response = await call(t.app, 'GET', '/list/back-in-stock/', { as });
  expect(response.statusCode).toBe(200);
  return response.json<BackInStockList>().results;
}

/** The back-in-stock messages sent to `to` (an order's confirmation may be there too). */
async function noticesTo(to: string) {
  return (await outbox(t.app, to)).filter((m) => /back in stock|फेरि स्टकमा/.test(m.text));
}

describe('asking', () => {
  test('a visitor gets 401 from every route', async () => {
    expect((await ask(undefined, { product: 1, channel: 'sms' })).statusCode).toBe(401);
    expect((await remove(undefined, 1)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/list/back-in-stock/')).statusCode).toBe(401);
  });

  test('only for a product out of stock now; asking again answers the open request', async () => {
    const me = await customer();
    const inStock = await createProduct(t.db, { stock: 3 });
    const refused = await ask(me, { product: inStock.id, channel: 'sms' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BACK_IN_STOCK_IN_STOCK);
    expect(await list(me)).toEqual([]);

    const gone = await createProduct(t.db, { stock: 0, title: 'Wai Wai Noodles' });
    const first = await ask(me, { product: gone.id, channel: 'sms' });
    expect(first.statusCode).toBe(201);
    const entry = first.json<BackInStockEntry>();
    expect(entry).toMatchObject({
      product: gone.id,
      channel: 'sms',
      item: { id: gone.id, title: 'Wai Wai Noodles', total_available_quantity: 0 },
    });
    const again = await ask(me, { product: gone.id, channel: 'email' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(entry);
    expect(await list(me)).toEqual([entry]);
  });

  test('e-mail needs a proved address; bad bodies and unknown or hidden products are 400', async () => {
    const unproved = await customer({ emailVerifiedAt: null });
    const gone = await createProduct(t.db, { stock: 0 });
    const byMail = await ask(unproved, { product: gone.id, channel: 'email' });
    expect(byMail.statusCode).toBe(400);
    expect(byMail.json().message).toBe(BACK_IN_STOCK_NO_EMAIL);
    expect(await list(unproved)).toEqual([]);
    expect((await ask(unproved, { product: gone.id, channel: 'sms' })).statusCode).toBe(201);

    const hidden = await createProduct(t.db, { stock: 0, isActive: false });
    for (const payload of [
      { product: hidden.id, channel: 'sms' },
      { product: 2_000_000_000, channel: 'sms' },
      { product: gone.id, channel: 'pigeon' },
      { product: gone.id },
      { product: gone.id, channel: 'sms', user: 1 },
    ]) {
      const answer = await ask(unproved, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
  });

  test("removing: one's own open request only; anybody else's is a 404 and stays", async () => {
    const asha = await customer();
    const bikash = await customer();
    const gone = await createProduct(t.db, { stock: 0 });
    const { id } = (await ask(asha, { product: gone.id, channel: 'sms' })).json<BackInStockEntry>();
    const theirs = await remove(bikash, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(BACK_IN_STOCK_NOT_FOUND);
    expect(await list(asha)).toHaveLength(1);
    expect(await list(bikash)).toEqual([]);
    const mine = await remove(asha, id);
    expect(mine.statusCode).toBe(200);
    expect(await list(asha)).toEqual([]);
    expect((await remove(asha, id)).statusCode).toBe(404);
    // Withdrawn: the restock tells nobody.
    expect((await restock(gone.id, { delta: 5 })).statusCode).toBe(201);
    expect(await noticesTo(asha.phone)).toEqual([]);
  });
});

describe('the restock', () => {
  test('sends each open request exactly one message, in its language, and ends it', async () => {
    const rice = await createProduct(t.db, {
      stock: 0,
      title: 'Jeera Masino Rice 5 kg',
      nepaliTitle: 'जीरा मसिनो चामल ५ केजी',
      slug: `jeera-rice-${Date.now()}`,
    });
    const sita = await customer({ language: 'ne' });
    const ram = await customer({ firstName: 'Ram' });
    const gita = await customer();
    expect((await ask(sita, { product: rice.id, channel: 'sms' })).statusCode).toBe(201);
    expect((await ask(ram, { product: rice.id, channel: 'email' })).statusCode).toBe(201);
    const withdrawn = (await ask(gita, { product: rice.id, channel: 'sms' })).json<BackInStockEntry>();
    await remove(gita, withdrawn.id);

    // Still 0: nobody is told.
    expect((await restock(rice.id, { set: 0 })).statusCode).toBe(201);
    expect(await noticesTo(sita.phone)).toEqual([]);

    expect((await restock(rice.id, { delta: 12 })).statusCode).toBe(201);
    const url = `${t.app.config.publicUrl.replace(/\/+$/, '')}/detail/${rice.slug}`;
    expect(await noticesTo(sita.phone)).toEqual([
      expect.objectContaining({
        channel: 'sms',
        text: `पसल: जीरा मसिनो चामल ५ केजी फेरि स्टकमा आयो। सकिनुअघि अर्डर गर्नुहोस्: ${url}`,
      }),
    ]);
    const [mail] = await noticesTo(ram.email);
    expect(mail).toMatchObject({ channel: 'email' });
    expect(mail.text).toContain('Namaste Ram,');
    expect(mail.text).toContain(`Jeera Masino Rice 5 kg is back in stock`);
    expect(await noticesTo(ram.phone)).toEqual([]);
    expect(await noticesTo(gita.phone)).toEqual([]);
    expect(await list(sita)).toEqual([]);
    expect(await list(ram)).toEqual([]);

    // Sold out and back again: the ended requests send nothing more.
    expect((await restock(rice.id, { set: 0 })).statusCode).toBe(201);
    expect((await restock(rice.id, { delta: 4 })).statusCode).toBe(201);
    expect(await noticesTo(sita.phone)).toHaveLength(1);
    expect(await noticesTo(ram.email)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(backInStockRequests)
      .where(eq(backInStockRequests.productId, rice.id));
    expect(rows.map((row) => row.endedAt !== null && row.messageId !== null)).toEqual([true, true]);
  });

  test('a cancelled order that puts stock back above 0 tells the waiting customers', async () => {
    await seedLocations(t.db);
    const tea = await createProduct(t.db, { stock: 2, title: 'Ilam Tea 500 g' });
    const buyer = await customerWithAddress(t.app, t.db);
    const placed = await order(t.app, buyer, body(buyer.addressId, [[tea.id, 2]]));
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(t.db, tea.id)).toBe(0);
    const waiting = await customer();
    expect((await ask(waiting, { product: tea.id, channel: 'sms' })).statusCode).toBe(201);

    const cancelled = await call(t.app, 'POST', `/order/cancel/${placed.json().order_id}/`, {
      as: buyer,
      payload: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(t.db, tea.id)).toBe(2);
    const notices = await noticesTo(waiting.phone);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('Pasal: Ilam Tea 500 g is back in stock.');
    expect(await list(waiting)).toEqual([]);
  });

  test('restocked while hidden, it tells nobody; put back on sale with stock, it does', async () => {
    const ghee = await createProduct(t.db, { stock: 0, title: 'Cow Ghee 1 L' });
    const me = await customer();
    expect((await ask(me, { product: ghee.id, channel: 'sms' })).statusCode).toBe(201);
    const edit = async (isActive: boolean) => {
      const current = await admin(t.app, 'GET', `/products/${ghee.id}/`, { as: staff });
      const { version } = current.json().product;
      const answer = await admin(t.app, 'PATCH', `/products/${ghee.id}/`, {
        as: staff,
        payload: { version, is_active: isActive },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await edit(false);
    expect((await restock(ghee.id, { delta: 3 })).statusCode).toBe(201);
    expect(await noticesTo(me.phone)).toEqual([]);
    await edit(true);
    expect(await noticesTo(me.phone)).toHaveLength(1);
    expect(await list(me)).toEqual([]);
  });

  test('a customer whose e-mail was unproved since is not mailed, and the request still ends', async () => {
    const gone = await createProduct(t.db, { stock: 0 });
    const me = await customer();
    expect((await ask(me, { product: gone.id, channel: 'email' })).statusCode).toBe(201);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, me.id));
    expect((await restock(gone.id, { delta: 1 })).statusCode).toBe(201);
    expect(await noticesTo(me.email)).toEqual([]);
    expect(await list(me)).toEqual([]);
  });
});
