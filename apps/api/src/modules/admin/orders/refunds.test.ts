import type { AuditPage } from '@pasal/contract/admin-audit';
import { STAFF_ONLY } from '@pasal/contract/admin-common';
import { type AdminOrder, REFUND_REFERENCE_REQUIRED } from '@pasal/contract/admin-orders';
import type { CheckoutResponse } from '@pasal/contract/checkout';
import type { Order } from '@pasal/contract/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payments, walletSimulations } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import { seedLocations } from '../../../seed/locations';
import { createOrder, createProduct } from '../../../test/factories';
import { call, newShopper, type Shopper } from '../../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../../test/staff';
import { body, customerWithAddress, order } from '../../checkout/checkout-test-helpers';
import {
  atWallet,
  type PaymentsTestApp,
  startPaymentsTestApp,
  visit,
} from '../../payments/payments-test-helpers';
import { KHALTI_SIMULATOR_KEY } from '../../payments/wallets';
import {
  ALREADY_REFUNDED,
  KHALTI_TAKES_NO_REFERENCE,
  KHALTI_UNREACHABLE,
  NO_REFUND_DUE,
  REFUND_RUNNING,
} from './refund-service';

// Refunds of "Refund due" orders by staff (docs/decisions/037), over HTTP against the wallet
// simulators on the app's own port: Khalti through its refund API, eSewa and cash by hand.

let t: PaymentsTestApp;
let staff: StaffMember;
let shopper: Shopper;

beforeAll(async () => {
  t = await startPaymentsTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
  shopper = await newShopper(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

/** An order paid with the wallet (through its simulator), then cancelled by its customer: Refund due. */
async function refundDue(wallet: 'khalti' | 'esewa') {
  const me = await customerWithAddress(t.app, t.db);
  const product = await createProduct(t.db, { sellingPrice: 45_050 });
  const placed = await order(t.app, me, body(me.addressId, [[product.id, 2]], { payment_method: wallet }));
  expect(placed.statusCode, placed.body).toBe(201);
  const answer = placed.json<CheckoutResponse>();
  if (!answer.payment) throw new Error('no payment');
  const atTheWallet = await atWallet(answer.payment.next, 'pay');
  await visit(atTheWallet.returnUrl!);
  const cancelled = await call(t.app, 'POST', `/order/cancel/${answer.order_id}/`, {
    as: me,
    payload: { reason: 'Ordered by mistake' },
  });
  expect(cancelled.json().order.payment_status).toBe('Refund due');
  return { me, id: answer.order_id, total: answer.total_amount, returnUrl: atTheWallet.returnUrl! };
}

function refund(id: number, payload: unknown = {}, as: StaffMember | Shopper = staff) {
  return admin(t.app, 'POST', `/orders/${id}/refund/`, { as, payload });
}

async function detail(id: number): Promise<AdminOrder> {
  const answer = await admin(t.app, 'GET', `/orders/${id}/`, { as: staff });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().order;
}

async function customerOrder(me: Shopper, id: number): Promise<Order> {
  const answer = await call(t.app, 'GET', '/order/list/', { as: me });
  expect(answer.statusCode).toBe(200);
  const found = answer.json<{ results: Order[] }>().results.find((o) => o.id === id);
  if (!found) throw new Error(`order ${id} not in the list`);
  return found;
}

async function khaltiSimulation(orderId: number) {
  const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  const [sim] = await t.db
    .select()
    .from(walletSimulations)
    .where(
      and(eq(walletSimulations.wallet, 'khalti'), eq(walletSimulations.token, attempt.providerSessionId!)),
    );
  return { attempt, sim };
}

async function refundAudits(id: number) {
  const answer = await admin(t.app, 'GET', `/audit/?entity=order&entity_id=${id}&action=refund`, {
    as: staff,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AuditPage>().results;
}

describe('a Khalti refund goes through Khalti’s refund API', () => {
  test('the whole payment is refunded at Khalti, the order becomes Refunded, the customer sees it', async () => {
    const { me, id, total, returnUrl } = await refundDue('khalti');
    const before = await detail(id);
    expect(before).toMatchObject({ can_refund: true, refund_needs_reference: false, refund: null });

    const answer = await refund(id, { note: 'Customer called' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { attempt, sim } = await khaltiSimulation(id);
    expect(sim.status).toBe('Refunded');
    expect(answer.json().order).toMatchObject({
      payment_status: 'Refunded',
      payment_completed: false,
      refunded_at: expect.any(String),
      can_refund: false,
      refund: {
        status: 'refunded',
        method: 'khalti',
        amount: total,
        reference: attempt.providerRef,
        note: 'Customer called',
        by: { id: staff.id },
        refunded_at: expect.any(String),
        failure: null,
      },
    });
    expect(attempt.status).toBe('refunded');

    const seen = await customerOrder(me, id);
    expect(seen).toMatchObject({ payment_status: 'Refunded', refunded_at: expect.any(String) });
    expect(Date.parse(seen.refunded_at!)).toBeGreaterThan(Date.now() - 60_000);

    const [entry] = await refundAudits(id);
    expect(entry).toMatchObject({
      staff: { id: staff.id },
      before: { payment_status: 'Refund due' },
      after: { payment_status: 'Refunded', refund: { method: 'khalti', amount: total } },
      note: 'Customer called',
    });

    // A replayed return from Khalti does not make the money due again.
    await visit(returnUrl);
    expect((await detail(id)).payment_status).toBe('Refunded');

    const again = await refund(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REFUNDED);
    expect(await refundAudits(id)).toHaveLength(1);
  });

  test('a double click or two staff at once: one refund, the others refused', async () => {
    const { id } = await refundDue('khalti');
    const other = await newStaff(t.app, t.db);
    const answers = await Promise.all([refund(id), refund(id), refund(id, {}, other), refund(id, {}, other)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect([ALREADY_REFUNDED, REFUND_RUNNING]).toContain(a.json().message);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1);
    expect(await refundAudits(id)).toHaveLength(1);
    expect((await detail(id)).payment_status).toBe('Refunded');
  });

  test('Khalti unreachable: 502, nothing refunded, and staff can try again', async () => {
    const { id } = await refundDue('khalti');
    const saved = t.app.config.khalti;
    t.app.config.khalti = { secretKey: KHALTI_SIMULATOR_KEY, baseUrl: 'http://127.0.0.1:9/api/v2' };
    try {
      const down = await refund(id);
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe(KHALTI_UNREACHABLE);
    } finally {
      t.app.config.khalti = saved;
    }
    const after = await detail(id);
    expect(after).toMatchObject({
      payment_status: 'Refund due',
      can_refund: true,
      refund: { status: 'failed', failure: KHALTI_UNREACHABLE },
    });
    expect((await khaltiSimulation(id)).sim.status).toBe('Completed');

    const retried = await refund(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().order.refund).toMatchObject({ status: 'refunded', failure: null });
  });

  test('a payment already refunded in Khalti’s dashboard: Khalti refuses, its lookup says Refunded, recorded', async () => {
    const { id } = await refundDue('khalti');
    const { attempt } = await khaltiSimulation(id);
    const direct = await fetch(
      `${t.baseUrl}/dev/khalti/api/merchant-transaction/${attempt.providerRef}/refund/`,
      {
        method: 'POST',
        headers: { authorization: `Key ${KHALTI_SIMULATOR_KEY}`, 'content-type': 'application/json' },
        body: '{}',
      },
    );
    expect(direct.status).toBe(200);
    const answer = await refund(id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order).toMatchObject({ payment_status: 'Refunded', refund: { status: 'refunded' } });
  });

  test('Khalti takes no reference from staff', async () => {
    const { id } = await refundDue('khalti');
    const answer = await refund(id, { reference: 'RF-1' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(KHALTI_TAKES_NO_REFERENCE);
    expect((await detail(id)).payment_status).toBe('Refund due');
  });
});

describe('eSewa and cash refunds are recorded by hand', () => {
  test('eSewa: the reference is required; with it the order is Refunded', async () => {
    const { me, id, total } = await refundDue('esewa');
    expect((await detail(id)).refund_needs_reference).toBe(true);
    for (const payload of [{}, { reference: '   ' }]) {
      const missing = await refund(id, payload);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        message: REFUND_REFERENCE_REQUIRED,
        error: { reference: [REFUND_REFERENCE_REQUIRED] },
      });
    }
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(0);

    const answer = await refund(id, { reference: '  ESW-RF-0001 ' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order).toMatchObject({
      payment_status: 'Refunded',
      refund: { status: 'refunded', method: 'esewa', amount: total, reference: 'ESW-RF-0001' },
    });
    const [attempt] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(attempt.status).toBe('refunded');
    expect(await customerOrder(me, id)).toMatchObject({ payment_status: 'Refunded' });
    const [entry] = await refundAudits(id);
    expect(entry.after).toMatchObject({ refund: { method: 'esewa', reference: 'ESW-RF-0001' } });
    expect((await refund(id, { reference: 'ESW-RF-0002' })).statusCode).toBe(409);
  });

  test('cash: the receipt’s reference, the order’s total', async () => {
    const customer = await customerWithAddress(t.app, t.db);
    const row = await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 123_450,
      paymentMethod: 'cash',
      paymentStatus: 'Refund due',
      orderStatus: 'Cancelled',
    });
    const answer = await refund(row.id, { reference: 'Receipt 42' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().order.refund).toMatchObject({
      method: 'cash',
      amount: 1234.5,
      reference: 'Receipt 42',
    });
  });
});

describe('refunds that are refused', () => {
  test('an order with no refund due, an unknown order, a bad body', async () => {
    const customer = await customerWithAddress(t.app, t.db);
    for (const paymentStatus of ['Paid', 'Unpaid', 'Pending'] as const) {
      const row = await createOrder(t.db, {
        userId: customer.id,
        totalPaisa: 10_000,
        paymentMethod: 'khalti',
        paymentStatus,
      });
      const answer = await refund(row.id);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(NO_REFUND_DUE);
    }
    expect((await refund(999_999, { reference: 'x' })).statusCode).toBe(404);
    const due = await createOrder(t.db, {
      userId: customer.id,
      totalPaisa: 10_000,
      paymentStatus: 'Refund due',
      orderStatus: 'Cancelled',
    });
    const odd = await refund(due.id, { reference: 'x', amount: 5 });
    expect(odd.statusCode).toBe(400);
    expect((await refund(due.id, { reference: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await detail(due.id)).payment_status).toBe('Refund due');
  });

  test('staff only: a visitor gets 401, a customer 403, and nothing is refunded', async () => {
    const { id } = await refundDue('khalti');
    expect((await admin(t.app, 'POST', `/orders/${id}/refund/`, { payload: {} })).statusCode).toBe(401);
    const asCustomer = await refund(id, {}, shopper);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe(STAFF_ONLY);
    expect((await detail(id)).payment_status).toBe('Refund due');
    expect((await khaltiSimulation(id)).sim.status).toBe('Completed');
  });
});
