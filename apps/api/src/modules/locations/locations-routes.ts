import { errorBody } from '@pasal/contract/common';
import {
  districtList,
  districtParams,
  municipalityList,
  nearestStationsQuery,
  nearestStationsResponse,
  provinceList,
  provinceParams,
} from '@pasal/contract/locations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDistricts, listMunicipalities, listNearestStations, listProvinces } from './locations-service';

const tags = ['locations'];

// Nepal's provinces, districts and local levels change by act of parliament; a day is plenty.
export const PLACES_CACHE = 'public, max-age=86400';
// Stations change when staff edit them; browsers and proxies may reuse the answer for 5 minutes.
export const STATIONS_CACHE = 'public, max-age=300';

/** The address form's location lists: public, read-only, cacheable. */
export async function locationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify;

  app.get(
    '/order/address/address-form-data/provinces/',
    {
      schema: {
        summary: 'List the provinces of Nepal',
        operationId: 'listProvinces',
        tags,
        response: { 200: provinceList },
      },
    },
    async (_request, reply) => {
      const data = await listProvinces(db);
      reply.header('cache-control', PLACES_CACHE);
      return { data: { data } };
    },
  );

  app.get(
    '/order/address/provinces/:provinceId/districts/',
    {
      schema: {
        summary: 'List the districts of a province',
        operationId: 'listDistrictsOfProvince',
        tags,
        params: provinceParams,
        response: { 200: districtList, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await listDistricts(db, request.params.provinceId);
      reply.header('cache-control', PLACES_CACHE);
      return { data: { data } };
    },
  );

  app.get(
    '/order/address/districts/:districtId/municipalities/',
    {
      schema: {
        summary: 'List the local levels (municipalities) of a district',
        operationId: 'listMunicipalitiesOfDistrict',
        tags,
        params: districtParams,
        response: { 200: municipalityList, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await listMunicipalities(db, request.params.districtId);
      reply.header('cache-control', PLACES_CACHE);
      return { data: { data } };
    },
  );

  app.get(
    '/order/address/nearest-delivery-stations/',
    {
      schema: {
        summary: 'List the delivery stations that serve a local level, nearest first',
        description:
          'Only active stations are listed. An empty list means nobody delivers there yet: the storefront shows "No service stations available for this location."',
        operationId: 'listNearestDeliveryStations',
        tags,
        querystring: nearestStationsQuery,
        response: { 200: nearestStationsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { municipality_id, district_id, province_id } = request.query;
      const stations = await listNearestStations(db, {
        municipalityId: municipality_id,
        districtId: district_id,
        provinceId: province_id,
      });
      reply.header('cache-control', STATIONS_CACHE);
      return { data: { delivery_stations: stations } };
    },
  );
}
