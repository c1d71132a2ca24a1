import {
  addressCreateRequest,
  addressDeleteResponse,
  addressList,
  addressParams,
  addressResponse,
  addressUpdateRequest,
} from '@pasal/contract/addresses';
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses-service';

const tags = ['addresses'];
const security = [{ bearerAuth: [] }];

/** The caller's own delivery addresses; the user always comes from the access token. */
export async function addressesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;
  // onRequest: a visitor gets 401 before any body is read or validated.
  app.addHook('onRequest', fastify.authenticate);

  app.get(
    '/order/address/list/',
    {
      schema: {
        summary: 'List my delivery addresses',
        description: 'The default address first, then the newest. Deleted addresses are not listed.',
        operationId: 'listAddresses',
        tags,
        security,
        response: { 200: addressList, 401: errorBody },
      },
    },
    async (request) => ({ data: await listAddresses(db, request.user.id) }),
  );

  app.post(
    '/order/address/create/',
    {
      schema: {
        summary: 'Save a new delivery address',
        description:
          'The district must be in the province, the local level in the district, and a chosen station must serve the local level. ' +
          'The first address becomes the default; is_default true moves the default here. ' +
          'An address in a local level no station serves is saved with is_deliverable false.',
        operationId: 'createAddress',
        tags,
        security,
        body: addressCreateRequest,
        response: { 201: addressResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const data = await createAddress(db, request.user.id, request.body);
      return reply.code(201).send({ message: 'Address saved.', data });
    },
  );

  app.patch(
    '/order/address/update/:id/',
    {
      schema: {
        summary: 'Change one of my delivery addresses',
        description:
          'Send any of the create fields. When any part of the place is sent, the whole place is checked again. ' +
          'is_default true makes this the default; false is ignored on the default address (make another address the default instead).',
        operationId: 'updateAddress',
        tags,
        security,
        params: addressParams,
        body: addressUpdateRequest,
        response: { 200: addressResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      message: 'Address updated.',
      data: await updateAddress(db, request.user.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/order/address/delete/:id/',
    {
      schema: {
        summary: 'Delete one of my delivery addresses',
        description:
          'Orders keep the address as it was. When the default is deleted, the newest remaining address becomes the default.',
        operationId: 'deleteAddress',
        tags,
        security,
        params: addressParams,
        response: { 200: addressDeleteResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await deleteAddress(db, request.user.id, request.params.id);
      return { message: 'Address deleted.' };
    },
  );
}
