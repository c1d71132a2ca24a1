import { conflictResponse } from '@pasal/contract/admin-common';
import {
  adminCoverageReplace,
  adminStation,
  adminStationCreate,
  adminStationListQuery,
  adminStationPage,
  adminStationParams,
  adminStationResponse,
  adminStationUpdate,
} from '@pasal/contract/admin-stations';
import { adminSlotsReplace } from '@pasal/contract/delivery-slots';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/error-responses';
import { security } from '../route-schema';
import { createStation, listStations, replaceCoverage, stationView, updateStation } from './station-service';
import { replaceSlots } from './station-slots';

const tags = ['admin-stations'];

export async function stationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/delivery-stations/',
    {
      schema: {
        summary: 'List delivery stations (search, paging)',
        operationId: 'adminListDeliveryStations',
        tags,
        security,
        querystring: adminStationListQuery,
        response: { 200: adminStationPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listStations(db, request.query),
  );

  app.post(
    '/delivery-stations/',
    {
      schema: {
        summary: 'Create a delivery station',
        description:
          'Rule parameters left out take the defaults (Rs 50 for the first 3 km, Rs 15 per started km beyond, ' +
          'free from Rs 1,500, same day up to 10 km). coverage lists the local levels served with their road distance.',
        operationId: 'adminCreateDeliveryStation',
        tags,
        security,
        body: adminStationCreate,
        response: { 201: adminStationResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const station = await createStation(db, request.user.id, request.body);
      return reply.code(201).send({ station });
    },
  );

  app.get(
    '/delivery-stations/:stationId/',
    {
      schema: {
        summary: 'Get a delivery station with the local levels it serves',
        operationId: 'adminGetDeliveryStation',
        tags,
        security,
        params: adminStationParams,
        response: { 200: adminStationResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ station: await stationView(db, request.params.stationId) }),
  );

  app.patch(
    '/delivery-stations/:stationId/',
    {
      schema: {
        summary: 'Change a delivery station or its charge rule',
        description:
          'Send the fields to change and the version you read (409 with the current station when stale). ' +
          'Quotes use the new rule at once. An inactive station serves nobody; addresses fall back to the nearest active one.',
        operationId: 'adminUpdateDeliveryStation',
        tags,
        security,
        params: adminStationParams,
        body: adminStationUpdate,
        response: {
          200: adminStationResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminStation),
        },
      },
    },
    async (request) => ({
      station: await updateStation(db, request.user.id, request.params.stationId, request.body),
    }),
  );

  app.put(
    '/delivery-stations/:stationId/coverage/',
    {
      schema: {
        summary: 'Replace the local levels a station serves',
        description:
          'The whole new set with distances (km, 2 decimals); an empty list serves nobody. Raises the version ' +
          '(409 with the current station when stale).',
        operationId: 'adminReplaceStationCoverage',
        tags,
        security,
        params: adminStationParams,
        body: adminCoverageReplace,
        response: {
          200: adminStationResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminStation),
        },
      },
    },
    async (request) => ({
      station: await replaceCoverage(db, request.user.id, request.params.stationId, request.body),
    }),
  );

  app.put(
    '/delivery-stations/:stationId/slots/',
    {
      schema: {
        summary: 'Replace the delivery slots a station offers',
        description:
          'The whole new set (Nepal time, HH:MM, not overlapping) with each slot’s capacity (orders a day) and the ' +
          'station’s cut-off (minutes before a slot starts when it stops taking orders). A listed id keeps its slot ' +
          '(its orders still count against it); slots left out are removed, their orders keep their times. ' +
          'An empty list: checkout asks for no slot. Raises the version (409 with the current station when stale).',
        operationId: 'adminReplaceStationSlots',
        tags,
        security,
        params: adminStationParams,
        body: adminSlotsReplace,
        response: {
          200: adminStationResponse,
          ...errorResponses(400, 401, 403, 404),
          409: conflictResponse(adminStation),
        },
      },
    },
    async (request) => ({
      station: await replaceSlots(db, request.user.id, request.params.stationId, request.body),
    }),
  );
}
