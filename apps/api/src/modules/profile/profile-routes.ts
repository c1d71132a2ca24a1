import fastifyMultipart from '@fastify/multipart';
import {
  MAX_AVATAR_BYTES,
  profileLanguageRequest,
  profileLanguageResponse,
  profileOrderUpdatesRequest,
  profileOrderUpdatesResponse,
  profilePicResponse,
  profileResponse,
  profileUpdateRequest,
  profileUpdateResponse,
} from '@pasal/contract/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { readImageUpload } from '../../lib/multipart-upload';
import { replaceAvatar } from './avatar-service';
import { getProfile, updateLanguage, updateOrderUpdates, updateProfile } from './profile-service';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
export const TOO_LARGE = 'Image size should be less than 5MB';

/** The caller's own profile; every route takes the user from the access token. */
export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyMultipart);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = fastify;
  // onRequest: an anonymous caller gets 401 before any body is read or validated.
  app.addHook('onRequest', fastify.authenticate);

  app.get(
    '/profile/',
    {
      schema: {
        summary: 'Get your profile',
        operationId: 'getProfile',
        tags,
        security,
        response: { 200: profileResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      data: await getProfile(db, request.user.id),
    }),
  );

  app.put(
    '/profile/update/',
    {
      schema: {
        summary: 'Update your names, gender and date of birth',
        operationId: 'updateProfile',
        tags,
        security,
        body: profileUpdateRequest,
        response: { 200: profileUpdateResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user, gender, date_of_birth } = request.body;
      const data = await updateProfile(db, request.user.id, {
        firstName: user.first_name,
        lastName: user.last_name,
        middleName: user.middle_name ?? '',
        gender,
        dateOfBirth: date_of_birth,
      });
      return { message: 'Profile updated successfully' as const, data };
    },
  );

  app.put(
    '/profile/language/',
    {
      schema: {
        summary: 'Choose the language (en or ne) of the SMS and e-mail the shop sends you',
        operationId: 'updateProfileLanguage',
        tags,
        security,
        body: profileLanguageRequest,
        response: { 200: profileLanguageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await updateLanguage(db, request.user.id, request.body.language);
      return { message: 'Language updated successfully' as const, data };
    },
  );

  app.put(
    '/profile/order-updates/',
    {
      schema: {
        summary:
          'Turn on or off the SMS and e-mail at each delivery step (the receipt, cancellation and refund always go)',
        operationId: 'updateProfileOrderUpdates',
        tags,
        security,
        body: profileOrderUpdatesRequest,
        response: { 200: profileOrderUpdatesResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const data = await updateOrderUpdates(db, request.user.id, request.body.order_updates);
      return { message: 'Order updates setting saved' as const, data };
    },
  );

  app.post(
    '/change/profile/pic/',
    {
      schema: {
        summary: 'Replace your profile picture (multipart/form-data, an image under 5 MB in `image`)',
        description: 'At most 10 pictures an hour per customer (429 after).',
        operationId: 'changeProfilePicture',
        tags,
        security,
        response: { 200: profilePicResponse, ...errorResponses(400, 401, 404, 413, 429) },
      },
    },
    async (request) => {
      // "Less than 5MB": a file of exactly 5 MiB is refused.
      const { bytes } = await readImageUpload(request, {
        maxBytes: MAX_AVATAR_BYTES,
        tooLarge: TOO_LARGE,
      });
      const image = await replaceAvatar(db, config.mediaDir, request.user.id, bytes);
      return { success: true as const, message: 'Profile picture updated successfully' as const, image };
    },
  );
}
