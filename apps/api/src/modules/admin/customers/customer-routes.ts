import {
  adminCustomerDisable,
  adminCustomerListQuery,
  adminCustomerPage,
  adminCustomerParams,
  adminCustomerResponse,
} from '@pasal/contract/admin-customers';
import { adminSetRider } from '@pasal/contract/admin-riders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { customerView, disableCustomer, enableCustomer, listCustomers, setRider } from './customer-service';

const tags = ['admin-customers'];

export async function customerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/customers/',
    {
      schema: {
        summary: 'Find customers (search by name, phone or e-mail; paging)',
        description:
          'Customers are the accounts that are not staff. Each comes with its orders count and total.',
        operationId: 'adminListCustomers',
        tags,
        security,
        querystring: adminCustomerListQuery,
        response: { 200: adminCustomerPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/customers/:customerId/',
    {
      schema: {
        summary: 'Get a customer with their newest orders',
        operationId: 'adminGetCustomer',
        tags,
        security,
        params: adminCustomerParams,
        response: { 200: adminCustomerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ customer: await customerView(db, request.params.customerId) }),
  );

  app.post(
    '/customers/:customerId/disable/',
    {
      schema: {
        summary: 'Disable a customer’s account and end their sessions',
        description:
          'They can no longer log in, refresh a token or use one they hold. Disabling a disabled account changes ' +
          'nothing. The optional reason goes to the audit log.',
        operationId: 'adminDisableCustomer',
        tags,
        security,
        params: adminCustomerParams,
        body: adminCustomerDisable.nullish(),
        response: { 200: adminCustomerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      customer: await disableCustomer(db, request.user.id, request.params.customerId, request.body?.reason),
    }),
  );

  app.post(
    '/customers/:customerId/enable/',
    {
      schema: {
        summary: 'Re-enable a disabled customer’s account',
        description: 'They can log in again; sessions ended by the disabling stay ended.',
        operationId: 'adminEnableCustomer',
        tags,
        security,
        params: adminCustomerParams,
        response: { 200: adminCustomerResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      customer: await enableCustomer(db, request.user.id, request.params.customerId),
    }),
  );

  app.post(
    '/customers/:customerId/rider/',
    {
      schema: {
        summary: 'Make an account a delivery rider, or a customer again',
        description:
          'A rider sees only the orders assigned to them, at /rider; never the console. A rider who still has ' +
          'orders to deliver stays one (409) until those orders are assigned to someone else. Audited.',
        operationId: 'adminSetRider',
        tags,
        security,
        params: adminCustomerParams,
        body: adminSetRider,
        response: { 200: adminCustomerResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      customer: await setRider(db, request.user.id, request.params.customerId, request.body.is_rider),
    }),
  );
}
