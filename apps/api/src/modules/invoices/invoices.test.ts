import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { invoices } from '../../db/schema/invoices';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createProduct, createVoucher } from '../../test/factories';
import { call, type Shopper } from '../../test/shopper';
import { admin, newStaff, type StaffMember } from '../../test/staff';
import { body, customerWithAddress, order } from '../checkout/checkout-test-helpers';
import { transitionOrder } from '../orders/order-transitions';
import { amountInNepaliWords } from './amount-in-words';
import { adIso, bsDay, bsIso, bsLabel, fiscalYear } from './bikram-sambat';

const invoiceDay = (at: Date) => `${bsLabel(at)},${adIso(at)}`;

// Tax invoices through HTTP on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let staff: StaffMember;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  staff = await newStaff(t.app, t.db);
});
afterAll(async () => {
  await t.close();
});

const STEPS = ['Packed', 'Out for Delivery', 'Delivered'] as const;

async function move(orderId: number, from: string, status: string, reason?: string) {
  const answer = await admin(t.app, 'POST', `/orders/${orderId}/status/`, {
    as: staff,
    payload: { status, from, ...(reason ? { reason } : {}) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A cash order placed through the checkout by a new customer. */
async function placed(
  lines: { price: number; quantity: number; taxClass?: 'vat13' | 'exempt' }[],
  voucher = '',
  extra: { buyer_pan?: string } = {},
) {
  const me = await customerWithAddress(t.app, t.db);
  const made = [];
  for (const line of lines)
    made.push(
      await createProduct(t.db, {
        sellingPrice: line.price,
        markedPrice: line.price,
        stock: 100,
        taxClass: line.taxClass ?? 'vat13',
      }),
    );
  const answer = await order(
    t.app,
    me,
    body(
      me.addressId,
      made.map((p, i) => [p.id, lines[i].quantity]),
      { voucher_code: voucher, ...extra },
    ),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  return { me, id: answer.json().order_id as number };
}

async function deliver(orderId: number) {
  let from = 'Order Processing';
  for (const to of STEPS) {
    await move(orderId, from, to);
    from = to;
  }
}

function invoiceOf(orderId: number, as: Shopper) {
  return call(t.app, 'GET', `/order/${orderId}/invoice/`, { as });
}

describe('products have a tax class', () => {
  test('13 % unless staff say exempt; set when created and edited; anything else is a 400', async () => {
    const base = await createProduct(t.db);
    const made = await admin(t.app, 'POST', '/products/', {
      as: staff,
      payload: {
        title: 'Masino rice 1 kg',
        category: base.categoryId,
        marked_price: 150,
        selling_price: 140,
        tax_class: 'exempt',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().product.tax_class).toBe('exempt');
    const plain = await admin(t.app, 'POST', '/products/', {
      as: staff,
      payload: { title: 'Soap', category: base.categoryId, marked_price: 50, selling_price: 50 },
    });
    expect(plain.json().product.tax_class).toBe('vat13');
    const { id, version } = made.json().product;
    const edited = await admin(t.app, 'PATCH', `/products/${id}/`, {
      as: staff,
      payload: { version, tax_class: 'vat13' },
    });
    expect(edited.json().product.tax_class).toBe('vat13');
    const bad = await admin(t.app, 'PATCH', `/products/${id}/`, {
      as: staff,
      payload: { version: version + 1, tax_class: '5%' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Tax class must be vat13 or exempt');
  });
});

describe('a delivered order gets a tax invoice', () => {
  test('figures apart for taxable and exempt lines, VAT 13/113, adding up to the order total', async () => {
    const voucher = await createVoucher(t.db);
    const { me, id } = await placed(
      [
        { price: 33_333, quantity: 3, taxClass: 'exempt' },
        { price: 12_345, quantity: 1 },
        { price: 999, quantity: 7 },
      ],
      voucher.code,
    );
    expect((await invoiceOf(id, me)).statusCode).toBe(404);
    await deliver(id);
    const answer = await invoiceOf(id, me);
    expect(answer.statusCode, answer.body).toBe(200);
    const { invoice } = answer.json();
    const orderAnswer = (await call(t.app, 'GET', `/order/${id}/`, { as: me })).json();
    expect(invoice.total).toBe(orderAnswer.total);
    expect(invoice.discount).toBe(orderAnswer.discount);
    expect(invoice.discount).toBeGreaterThan(0);
    expect(invoice.delivery_charge).toBe(orderAnswer.delivery_charge);
    const paisa = (rupees: number) => Math.round(rupees * 100);
    expect(paisa(invoice.taxable_amount) + paisa(invoice.vat) + paisa(invoice.exempt_amount)).toBe(
      paisa(invoice.total),
    );
    // The exempt line less its share of the discount; the rest (with delivery) is taxable.
    const shares = invoice.lines.map((l: { discount: number }) => paisa(l.discount));
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBe(paisa(invoice.discount));
    expect(paisa(invoice.exempt_amount)).toBe(99_999 - shares[0]);
    const taxableGross = paisa(invoice.total) - paisa(invoice.exempt_amount);
    expect(paisa(invoice.vat)).toBe(Math.round((taxableGross * 13) / 113));
    expect(
      invoice.lines.map((l: { quantity: number; rate: number; amount: number; tax_class: string }) => [
        l.quantity,
        l.rate,
        l.amount,
        l.tax_class,
      ]),
    ).toEqual([
      [3, 333.33, 999.99, 'exempt'],
      [1, 123.45, 123.45, 'vat13'],
      [7, 9.99, 69.93, 'vat13'],
    ]);
    const today = new Date();
    expect(invoice.fiscal_year).toBe(fiscalYear(today));
    expect(invoice.invoice_number).toBe(`${invoice.fiscal_year}-${invoice.number}`);
    expect(invoice.date_bs).toMatch(/^20\d\d [A-Z][a-z]+ \d{1,2}$/);
    expect(invoice.seller).toEqual({ legal_name: 'Pasal', address: 'Kathmandu, Nepal', pan: '' });
    expect(invoice.buyer).toEqual({ name: 'Test Customer', pan: null });
    expect(invoice.total_in_words).toMatch(/^Rupees .+ Only$/);
    expect(invoice.total_in_words_ne).toBe(amountInNepaliWords(Math.round(invoice.total * 100)));
    expect(invoice.total_in_words_ne).toMatch(/^रु\. .+ मात्र$/);
    expect(invoice.cancelled).toBe(false);
  });

  test("the buyer's PAN given at checkout is on the invoice; a PAN that is not 9 digits is a 400", async () => {
    const { me, id } = await placed([{ price: 3_000, quantity: 1 }], '', { buyer_pan: ' 601234567 ' });
    await deliver(id);
    expect((await invoiceOf(id, me)).json().invoice.buyer.pan).toBe('601234567');
    const buyer = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 5 });
    const refused = await order(
      t.app,
      buyer,
      body(buyer.addressId, [[product.id, 1]], { buyer_pan: '60123' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('A PAN must be 9 digits');
  });

  test('the PDF: the owner and staff download it; anyone else gets a 404', async () => {
    const { me, id } = await placed([{ price: 10_000, quantity: 1 }]);
    await deliver(id);
    const other = await customerWithAddress(t.app, t.db);
    for (const path of [`/order/${id}/invoice/`, `/order/${id}/invoice/pdf/`]) {
      const refused = await call(t.app, 'GET', path, { as: other });
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json().message).toBe('Order not found.');
      expect((await call(t.app, 'GET', path, { as: staff })).statusCode, path).toBe(404);
    }
    const pdf = await call(t.app, 'GET', `/order/${id}/invoice/pdf/`, { as: me });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="invoice-\d{4}-\d\d-\d+\.pdf"$/,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const staffPdf = await admin(t.app, 'GET', `/orders/${id}/invoice/pdf/`, { as: staff });
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const staffJson = await admin(t.app, 'GET', `/orders/${id}/invoice/`, { as: staff });
    expect(staffJson.json().invoice.order_id).toBe(id);
    expect((await admin(t.app, 'GET', `/orders/${id}/invoice/`, { as: me })).statusCode).toBe(403);
  });

  test('numbers are gapless and unique when many orders are delivered at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await placed([{ price: 5_000 + i, quantity: 1 }]);
      await move(id, 'Order Processing', 'Packed');
      await move(id, 'Packed', 'Out for Delivery');
      ids.push(id);
    }
    await Promise.all(ids.map((id) => move(id, 'Out for Delivery', 'Delivered')));
    const year = fiscalYear(new Date());
    const numbers = (await t.db.select().from(invoices).where(eq(invoices.fiscalYear, year)))
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  test('each Nepali fiscal year (from 1 Shrawan) starts its own series at 1', async () => {
    const staffId = staff.id;
    // 1 Shrawan 2082 is 17 July 2025: the day before belongs to 2081/82.
    const lastDayOf8182 = new Date('2025-07-16T12:00:00+05:45');
    const firstDayOf8283 = new Date('2025-07-17T00:10:00+05:45');
    expect(bsIso(bsDay(firstDayOf8283))).toBe('2082-04-01');
    const delivered = [];
    for (const at of [lastDayOf8182, firstDayOf8283, firstDayOf8283]) {
      const { id } = await placed([{ price: 1_000, quantity: 1 }]);
      for (const to of STEPS)
        await transitionOrder(t.db, t.app.config, { orderId: id, to, by: staffId, now: at });
      const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, id));
      delivered.push([row.fiscalYear, row.number, row.issuedBs]);
    }
    expect(delivered).toEqual([
      ['2081/82', 1, '2082-03-32'],
      ['2082/83', 1, '2082-04-01'],
      ['2082/83', 2, '2082-04-01'],
    ]);
  });
});

describe('the shop settings on the invoices', () => {
  test('staff change them (audited, versioned); later invoices carry them, earlier ones keep theirs', async () => {
    const { me: early, id: earlyId } = await placed([{ price: 2_000, quantity: 1 }]);
    await deliver(earlyId);
    const read = await admin(t.app, 'GET', '/settings/shop/', { as: staff });
    expect(read.statusCode).toBe(200);
    const { version } = read.json().settings;
    const badPan = await admin(t.app, 'PUT', '/settings/shop/', {
      as: staff,
      payload: { legal_name: 'Pasal Pvt. Ltd.', address: 'Baneshwor, Kathmandu', pan: '12345', version },
    });
    expect(badPan.statusCode).toBe(400);
    expect(badPan.json().message).toContain('A PAN must be 9 digits');
    const saved = await admin(t.app, 'PUT', '/settings/shop/', {
      as: staff,
      payload: { legal_name: 'Pasal Pvt. Ltd.', address: 'Baneshwor, Kathmandu', pan: '301234567', version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({
      legal_name: 'Pasal Pvt. Ltd.',
      address: 'Baneshwor, Kathmandu',
      pan: '301234567',
      version: version + 1,
    });
    const stale = await admin(t.app, 'PUT', '/settings/shop/', {
      as: staff,
      payload: { legal_name: 'Other', address: 'Other', pan: '', version },
    });
    expect(stale.statusCode).toBe(409);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'shop_settings'));
    expect(audits).toHaveLength(1);

    const { me, id } = await placed([{ price: 2_000, quantity: 1 }]);
    await deliver(id);
    expect((await invoiceOf(id, me)).json().invoice.seller.pan).toBe('301234567');
    expect((await invoiceOf(earlyId, early)).json().invoice.seller.legal_name).toBe('Pasal');
  });
});

describe('the sales register', () => {
  test("a BS month's invoices as CSV with a BOM", async () => {
    const { id } = await placed([{ price: 4_500, quantity: 2, taxClass: 'exempt' }]);
    await deliver(id);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, id));
    const month = row.issuedBs.slice(0, 7);
    const answer = await admin(t.app, 'GET', `/sales-register/?month=${month}`, { as: staff });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="sales-register-${month}.csv"`);
    const text = answer.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFInvoice number,Date (BS),Date (AD),Buyer,Buyer PAN,')).toBe(true);
    const line = text.split('\r\n').find((l) => l.startsWith(`${row.fiscalYear}-${row.number},`));
    // Rs 90 of rice (exempt) and the Rs 50 delivery charge (taxable: 44.25 + 5.75 VAT).
    expect(line).toBe(
      `${row.fiscalYear}-${row.number},${invoiceDay(row.issuedAt)},Test Customer,,44.25,90.00,5.75,140.00,Issued`,
    );

    for (const bad of ['2083-13', '2083', 'x'])
      expect((await admin(t.app, 'GET', `/sales-register/?month=${bad}`, { as: staff })).statusCode).toBe(
        400,
      );
    const customer = await customerWithAddress(t.app, t.db);
    expect((await admin(t.app, 'GET', `/sales-register/?month=${month}`, { as: customer })).statusCode).toBe(
      403,
    );
  });
});
