import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { walletSimulations } from '../../db/schema/orders';
import { KHALTI_SIMULATOR_KEY } from '../payments/wallets';
import { messagePage, paymentPage } from './simulator-page';
import {
  countStatusCheck,
  findSimulation,
  moveSimulation,
  randomCode,
  rupeesLabel,
  withQuery,
} from './simulator-store';

const WALLET = 'Khalti';
/** How long a payment session lives (Khalti's expires_in). */
const SESSION_SECONDS = 1800;
const OPEN = ['Initiated', 'Pending'];

interface KhaltiRequest {
  return_url: string;
  website_url: string;
  purchase_order_id: string;
  purchase_order_name: string;
}

function authorised(request: FastifyRequest): boolean {
  return request.headers.authorization === `Key ${KHALTI_SIMULATOR_KEY}`;
}

function invalidKey(reply: FastifyReply) {
  return reply.code(401).send({ detail: 'Invalid token.', status_code: 401 });
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Khalti KPG-2 stand-in under /dev/khalti: initiate, the shopper's page, lookup. */
export async function khaltiSimulatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  const html = (reply: FastifyReply, view: { status: number; html: string }) =>
    reply.code(view.status).type('text/html; charset=utf-8').send(view.html);

  /** An Initiated session past its expiry is Expired, as Khalti reports it. */
  async function current(pidx: string) {
    const sim = await findSimulation(db, 'khalti', pidx);
    if (sim?.status === 'Initiated' && sim.expiresAt && sim.expiresAt.getTime() < Date.now())
      return (
        (await moveSimulation(db, sim.id, ['Initiated'], { status: 'Expired' })) ??
        (await findSimulation(db, 'khalti', pidx))
      );
    return sim;
  }

  app.post('/api/v2/epayment/initiate/', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request)) return invalidKey(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (!isHttpUrl(body.return_url)) errors.return_url = ['Enter a valid URL.'];
    if (!isHttpUrl(body.website_url)) errors.website_url = ['Enter a valid URL.'];
    if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount))
      errors.amount = ['A valid integer is required.'];
    else if (body.amount < 1000)
      errors.amount = ['Amount should be greater than Rs. 10, that is 1000 paisa.'];
    if (typeof body.purchase_order_id !== 'string' || body.purchase_order_id === '')
      errors.purchase_order_id = ['This field is required.'];
    if (typeof body.purchase_order_name !== 'string' || body.purchase_order_name === '')
      errors.purchase_order_name = ['This field is required.'];
    if (Object.keys(errors).length) return reply.code(400).send({ ...errors, error_key: 'validation_error' });

    const pidx = randomCode(22);
    const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
    const saved: KhaltiRequest = {
      return_url: body.return_url as string,
      website_url: body.website_url as string,
      purchase_order_id: body.purchase_order_id as string,
      purchase_order_name: body.purchase_order_name as string,
    };
    await db.insert(walletSimulations).values({
      wallet: 'khalti',
      token: pidx,
      merchantRef: saved.purchase_order_id,
      orderName: saved.purchase_order_name,
      amount: body.amount as number,
      status: 'Initiated',
      request: saved,
      expiresAt,
    });
    return {
      pidx,
      // The pay page is served where the shopper's browser reaches this shop: return_url's origin.
      payment_url: `${new URL(saved.return_url).origin}/dev/khalti/pay/?pidx=${pidx}`,
      expires_at: expiresAt.toISOString(),
      expires_in: SESSION_SECONDS,
    };
  });

  app.post('/api/v2/epayment/lookup/', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request)) return invalidKey(reply);
    const pidx = (request.body as Record<string, unknown> | undefined)?.pidx;
    const sim = typeof pidx === 'string' ? await current(pidx) : undefined;
    if (!sim) return reply.code(404).send({ detail: 'Not found.', error_key: 'validation_error' });
    await countStatusCheck(db, sim.id);
    return {
      pidx: sim.token,
      total_amount: sim.amount,
      status: sim.status,
      transaction_id: sim.transactionCode,
      fee: 0,
      refunded: sim.status === 'Refunded',
    };
  });

  app.get(
    '/pay/',
    { schema: { hide: true, querystring: z.object({ pidx: z.string().max(100).optional() }) } },
    async (request, reply) => {
      const sim = request.query.pidx ? await current(request.query.pidx) : undefined;
      if (!sim) return html(reply, messagePage(WALLET, 'Not found', 'No such payment.', 404));
      if (!OPEN.includes(sim.status))
        return html(reply, messagePage(WALLET, 'Payment closed', `This payment is ${sim.status}.`));
      return reply.type('text/html; charset=utf-8').send(
        paymentPage({
          wallet: WALLET,
          action: '/dev/khalti/pay/',
          hidden: { pidx: sim.token },
          details: [
            ['Merchant order', sim.orderName],
            ['Amount', rupeesLabel(sim.amount)],
            ['Payment', sim.token],
            ['Status', sim.status],
          ],
        }),
      );
    },
  );

  app.post(
    '/pay/',
    {
      schema: {
        hide: true,
        body: z.object({
          pidx: z.string().max(100),
          choice: z.enum(['pay', 'fail', 'cancel', 'pending', 'pay-no-return']),
        }),
      },
    },
    async (request, reply) => {
      const sim = await current(request.body.pidx);
      if (!sim) return html(reply, messagePage(WALLET, 'Not found', 'No such payment.', 404));
      const { choice } = request.body;
      const paying = choice === 'pay' || choice === 'pay-no-return';
      const status = paying
        ? 'Completed'
        : choice === 'cancel'
          ? 'User canceled'
          : choice === 'pending'
            ? 'Pending'
            : 'Expired';
      const moved = await moveSimulation(db, sim.id, OPEN, {
        status,
        transactionCode: paying ? randomCode(22) : undefined,
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
      const saved = moved.request as KhaltiRequest;
      const transactionId = moved.transactionCode ?? '';
      return reply.redirect(
        withQuery(saved.return_url, {
          pidx: moved.token,
          transaction_id: transactionId,
          tidx: transactionId,
          txnId: transactionId,
          amount: String(moved.amount),
          total_amount: String(moved.amount),
          mobile: '98XXXXX001',
          status,
          purchase_order_id: saved.purchase_order_id,
          purchase_order_name: saved.purchase_order_name,
        }),
        303,
      );
    },
  );
}
