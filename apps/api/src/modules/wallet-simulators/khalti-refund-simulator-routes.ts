import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { walletSimulations } from '../../db/schema/orders';
import { KHALTI_SIMULATOR_KEY } from '../payments/wallets';
import { moveSimulation } from './simulator-store';

const REFUNDABLE = ['Completed', 'Partially Refunded'];

/**
 * Khalti's merchant refund API stand-in under /dev/khalti/api/merchant-transaction/{transaction_id}/refund/:
 * no amount refunds the whole transaction, an amount (paisa) part of it; the lookup then answers
 * `Refunded` / `Partially Refunded`. A transaction is refunded once: the move is one statement.
 */
export async function khaltiRefundSimulatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.post(
    '/api/merchant-transaction/:transactionId/refund/',
    { schema: { hide: true, params: z.object({ transactionId: z.string().max(100) }) } },
    async (request, reply) => {
      if (request.headers.authorization !== `Key ${KHALTI_SIMULATOR_KEY}`)
        return reply.code(401).send({ detail: 'Invalid token.', status_code: 401 });
      const [sim] = await db
        .select()
        .from(walletSimulations)
        .where(
          and(
            eq(walletSimulations.wallet, 'khalti'),
            eq(walletSimulations.transactionCode, request.params.transactionId),
          ),
        );
      if (!sim) return reply.code(404).send({ detail: 'Not found.', error_key: 'validation_error' });
      const amount = (request.body as Record<string, unknown> | undefined)?.amount;
      if (
        amount !== undefined &&
        (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0 || amount > sim.amount)
      )
        return reply
          .code(400)
          .send({ amount: ['Enter a valid amount in paisa.'], error_key: 'validation_error' });
      if (sim.status === 'Refunded')
        return reply
          .code(400)
          .send({ detail: 'Transaction already refunded.', error_key: 'validation_error' });
      if (!REFUNDABLE.includes(sim.status))
        return reply
          .code(400)
          .send({ detail: 'Transaction is not refundable.', error_key: 'validation_error' });
      const partial = amount !== undefined && amount < sim.amount;
      const moved = await moveSimulation(db, sim.id, partial ? ['Completed'] : REFUNDABLE, {
        status: partial ? 'Partially Refunded' : 'Refunded',
      });
      if (!moved)
        return reply
          .code(400)
          .send({ detail: 'Transaction already refunded.', error_key: 'validation_error' });
      return { detail: 'Transaction refund successful.' };
    },
  );
}
