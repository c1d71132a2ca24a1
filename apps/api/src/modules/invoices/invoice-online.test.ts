import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices } from '../../db/schema/invoices';
import { seedLocations } from '../../seed/locations';
import { createProduct } from '../../test/factories';
import { call } from '../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../test/staff';
import { body, customerWithAddress, order } from '../checkout/checkout-test-helpers';
import {
  atWallet,
  backAtShop,
  type PaymentsTestApp,
  payAgain,
  startPaymentsTestApp,
} from '../payments/payments-test-helpers';

// An order paid online gets its invoice when the wallet confirms the payment; cancelled afterwards,
// the invoice is kept with its number and marked cancelled, in the register too.

let t: PaymentsTestApp;
let staff: StaffMember;
beforeAll(async () => {
  t = await startPaymentsTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

test('paid with eSewa: invoiced at once; cancelled: kept, marked, never renumbered', async () => {
  const me = await customerWithAddress(t.app, t.db);
  const product = await createProduct(t.db, { sellingPrice: 25_000, markedPrice: 25_000, stock: 10 });
  const placed = await order(t.app, me, body(me.addressId, [[product.id, 2]], { payment_method: 'esewa' }));
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().order_id as number;
  expect((await call(t.app, 'GET', `/order/${orderId}/invoice/`, { as: me })).statusCode).toBe(404);

  const start = await payAgain(t, me.token, orderId, 'esewa');
  const wallet = await atWallet(start.next, 'pay');
  expect((await backAtShop(wallet.returnUrl ?? '')).status).toBe('paid');
  const issued = (await call(t.app, 'GET', `/order/${orderId}/invoice/`, { as: me })).json().invoice;
  expect(issued).toMatchObject({ order_id: orderId, cancelled: false, cancelled_at: null });

  const cancelled = await admin(t.app, 'POST', `/orders/${orderId}/status/`, {
    as: staff,
    payload: { status: 'Cancelled', from: 'Order Processing', reason: 'Out of stock at the store' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const kept = (await call(t.app, 'GET', `/order/${orderId}/invoice/`, { as: me })).json().invoice;
  expect(kept).toMatchObject({
    invoice_number: issued.invoice_number,
    total: issued.total,
    cancelled: true,
  });
  expect(kept.cancelled_at).toEqual(expect.any(String));
  const pdf = await admin(t.app, 'GET', `/orders/${orderId}/invoice/pdf/`, { as: staff });
  expect(pdf.statusCode).toBe(200);

  const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const register = await admin(t.app, 'GET', `/sales-register/?month=${row.issuedBs.slice(0, 7)}`, {
    as: staff,
  });
  const line = register.rawPayload
    .toString('utf8')
    .split('\r\n')
    .find((l) => l.startsWith(`${issued.invoice_number},`));
  expect(line?.endsWith(`,${issued.total.toFixed(2)},Cancelled`), line).toBe(true);
});
