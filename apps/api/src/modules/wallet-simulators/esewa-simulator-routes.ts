import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { walletSimulations } from '../../db/schema/orders';
import { formatRupeesText, parseRupeesText } from '../../lib/money';
import {
  ESEWA_UAT_PRODUCT_CODE,
  ESEWA_UAT_SECRET,
  esewaMessage,
  esewaSign,
  esewaSignatureMatches,
} from '../payments/esewa-signature';
import { messagePage, paymentPage } from './simulator-page';
import {
  countStatusCheck,
  findSimulation,
  moveSimulation,
  randomCode,
  rupeesLabel,
  withQuery,
} from './simulator-store';

const WALLET = 'eSewa';
const REQUIRED = [
  'amount',
  'tax_amount',
  'total_amount',
  'transaction_uuid',
  'product_code',
  'product_service_charge',
  'product_delivery_charge',
  'success_url',
  'failure_url',
  'signed_field_names',
  'signature',
] as const;
const RETURN_SIGNED_FIELDS =
  'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';
/** eSewa has no payment under a transaction_uuid until the shopper confirms one. */
const UNTOUCHED = 'NOT_FOUND';

/** eSewa writes amounts in its return with grouping commas and at least one decimal: "1,000.0". */
export function esewaAmountText(paisa: number): string {
  const whole = Math.trunc(paisa / 100).toLocaleString('en-US');
  const cents = paisa % 100;
  return cents === 0
    ? `${whole}.0`
    : cents % 10 === 0
      ? `${whole}.${cents / 10}`
      : `${whole}.${String(cents).padStart(2, '0')}`;
}

interface EsewaRequest {
  total_amount: string;
  success_url: string;
  failure_url: string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** eSewa ePay v2 stand-in under /dev/esewa: the form, the shopper's page, the status check. */
export async function esewaSimulatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  // Signs like eSewa does with the merchant's secret: the configured one, else the UAT one.
  const secret = () => config.esewa?.secretKey ?? ESEWA_UAT_SECRET;
  const productCode = () => config.esewa?.productCode ?? ESEWA_UAT_PRODUCT_CODE;
  const html = (reply: import('fastify').FastifyReply, view: { status: number; html: string }) =>
    reply.code(view.status).type('text/html; charset=utf-8').send(view.html);

  app.post(
    '/api/epay/main/v2/form',
    { schema: { hide: true, body: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const form = request.body as Record<string, unknown>;
      const missing = REQUIRED.filter((name) => typeof form[name] !== 'string' || form[name] === '');
      if (missing.length)
        return html(
          reply,
          messagePage(WALLET, 'Invalid payment request', `Missing: ${missing.join(', ')}`, 400),
        );
      const fields = form as Record<(typeof REQUIRED)[number], string>;
      const signed = fields.signed_field_names.split(',');
      if (!['total_amount', 'transaction_uuid', 'product_code'].every((name) => signed.includes(name)))
        return html(
          reply,
          messagePage(
            WALLET,
            'Invalid payment request',
            'signed_field_names must name total_amount, transaction_uuid and product_code.',
            400,
          ),
        );
      const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
      if (!esewaSignatureMatches(esewaMessage(fields.signed_field_names, values), fields.signature, secret()))
        return html(
          reply,
          messagePage(WALLET, 'Invalid payment request', 'The signature does not match.', 400),
        );
      if (fields.product_code !== productCode())
        return html(reply, messagePage(WALLET, 'Invalid payment request', 'Unknown product_code.', 400));
      const parts = [
        fields.amount,
        fields.tax_amount,
        fields.product_service_charge,
        fields.product_delivery_charge,
      ].map(parseRupeesText);
      const total = parseRupeesText(fields.total_amount);
      if (
        total === null ||
        total <= 0 ||
        parts.some((part) => part === null) ||
        parts.reduce((a, b) => (a ?? 0) + (b ?? 0), 0) !== total
      )
        return html(
          reply,
          messagePage(WALLET, 'Invalid payment request', 'The amounts do not add up to total_amount.', 400),
        );
      if (!/^[A-Za-z0-9-]{1,100}$/.test(fields.transaction_uuid))
        return html(
          reply,
          messagePage(
            WALLET,
            'Invalid payment request',
            'transaction_uuid may hold letters, digits and hyphens only.',
            400,
          ),
        );
      if (!isHttpUrl(fields.success_url) || !isHttpUrl(fields.failure_url))
        return html(
          reply,
          messagePage(
            WALLET,
            'Invalid payment request',
            'success_url and failure_url must be absolute URLs.',
            400,
          ),
        );

      const saved: EsewaRequest = {
        total_amount: fields.total_amount,
        success_url: fields.success_url,
        failure_url: fields.failure_url,
      };
      const existing = await findSimulation(db, 'esewa', fields.transaction_uuid);
      if (existing && (existing.amount !== total || existing.status === 'COMPLETE'))
        return html(
          reply,
          messagePage(WALLET, 'Duplicate transaction', 'This transaction_uuid was already used.', 409),
        );
      if (!existing)
        await db
          .insert(walletSimulations)
          .values({
            wallet: 'esewa',
            token: fields.transaction_uuid,
            merchantRef: fields.product_code,
            amount: total,
            status: UNTOUCHED,
            request: saved,
          })
          .onConflictDoNothing();
      return reply.redirect(`/dev/esewa/pay/${encodeURIComponent(fields.transaction_uuid)}`, 303);
    },
  );

  app.get(
    '/pay/:uuid',
    { schema: { hide: true, params: z.object({ uuid: z.string().max(100) }) } },
    async (request, reply) => {
      const sim = await findSimulation(db, 'esewa', request.params.uuid);
      if (!sim) return html(reply, messagePage(WALLET, 'Not found', 'No such payment.', 404));
      if (sim.status !== UNTOUCHED && sim.status !== 'PENDING')
        return html(reply, messagePage(WALLET, 'Payment closed', `This payment is ${sim.status}.`));
      return reply.type('text/html; charset=utf-8').send(
        paymentPage({
          wallet: WALLET,
          action: `/dev/esewa/pay/${encodeURIComponent(sim.token)}`,
          hidden: {},
          details: [
            ['Merchant', sim.merchantRef],
            ['Amount', rupeesLabel(sim.amount)],
            ['Transaction', sim.token],
            ['Status', sim.status === 'PENDING' ? 'Pending' : 'Awaiting your choice'],
          ],
        }),
      );
    },
  );

  app.post(
    '/pay/:uuid',
    {
      schema: {
        hide: true,
        params: z.object({ uuid: z.string().max(100) }),
        body: z.object({ choice: z.enum(['pay', 'fail', 'cancel', 'pending', 'pay-no-return']) }),
      },
    },
    async (request, reply) => {
      const sim = await findSimulation(db, 'esewa', request.params.uuid);
      if (!sim) return html(reply, messagePage(WALLET, 'Not found', 'No such payment.', 404));
      const saved = sim.request as EsewaRequest;
      const open = [UNTOUCHED, 'PENDING'];
      const { choice } = request.body;
      if (choice === 'pay' || choice === 'pay-no-return') {
        const moved = await moveSimulation(db, sim.id, open, {
          status: 'COMPLETE',
          transactionCode: randomCode(7).toUpperCase(),
        });
        if (!moved)
          return html(reply, messagePage(WALLET, 'Payment closed', `This payment is ${sim.status}.`, 409));
        if (choice === 'pay-no-return')
          return html(
            reply,
            messagePage(
              WALLET,
              'Paid',
              'The payment is complete. (Simulated: the browser is not sent back to the shop.)',
            ),
          );
        const values: Record<string, string> = {
          transaction_code: moved.transactionCode ?? '',
          status: 'COMPLETE',
          total_amount: esewaAmountText(moved.amount),
          transaction_uuid: moved.token,
          product_code: moved.merchantRef,
          signed_field_names: RETURN_SIGNED_FIELDS,
        };
        const data = {
          ...values,
          signature: esewaSign(esewaMessage(RETURN_SIGNED_FIELDS, values), secret()),
        };
        const encoded = Buffer.from(JSON.stringify(data), 'utf8').toString('base64');
        return reply.redirect(withQuery(saved.success_url, { data: encoded }), 303);
      }
      const status = choice === 'cancel' ? 'CANCELED' : choice === 'pending' ? 'PENDING' : UNTOUCHED;
      const moved = await moveSimulation(db, sim.id, open, { status });
      if (!moved)
        return html(reply, messagePage(WALLET, 'Payment closed', `This payment is ${sim.status}.`, 409));
      // eSewa sends the shopper to failure_url whenever it did not complete the payment.
      return reply.redirect(saved.failure_url, 303);
    },
  );

  app.get(
    '/api/epay/transaction/status/',
    {
      schema: {
        hide: true,
        querystring: z.object({
          product_code: z.string().optional(),
          total_amount: z.string().optional(),
          transaction_uuid: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const { product_code, total_amount, transaction_uuid } = request.query;
      const sim = transaction_uuid ? await findSimulation(db, 'esewa', transaction_uuid) : undefined;
      if (sim) await countStatusCheck(db, sim.id);
      const matches =
        sim && sim.merchantRef === product_code && parseRupeesText(total_amount ?? '') === sim.amount;
      return {
        product_code: product_code ?? null,
        transaction_uuid: transaction_uuid ?? null,
        total_amount: sim && matches ? Number(formatRupeesText(sim.amount)) : Number(total_amount ?? 0) || 0,
        status: sim && matches ? sim.status : 'NOT_FOUND',
        ref_id: sim && matches && sim.status === 'COMPLETE' ? sim.transactionCode : null,
      };
    },
  );
}
