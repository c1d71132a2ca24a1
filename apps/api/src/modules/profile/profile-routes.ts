import fastifyMultipart from '@fastify/multipart';
import {
  MAX_AVATAR_BYTES,
  profilePicResponse,
  profileResponse,
  profileUpdateRequest,
  profileUpdateResponse,
} from '@pasal/contract/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { AppError, FieldError } from '../../lib/errors';
import { NOT_AN_IMAGE, replaceAvatar } from './avatar-service';
import { getProfile, updateProfile } from './profile-service';

const tags = ['profile'];
const security = [{ bearerAuth: [] }];
export const TOO_LARGE = 'Image size should be less than 5MB';

export const UNREADABLE_UPLOAD = 'The upload could not be read. Please select an image file.';

function tooLarge(): AppError {
  return new AppError(413, TOO_LARGE, { error: { image: [TOO_LARGE] } });
}

/**
 * The `image` part of a multipart body, read whole; the file must be under 5 MB. A body the
 * multipart parser cannot read (no boundary, cut short, …) is the client's fault: 400 on `image`.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new FieldError('image', NOT_AN_IMAGE);
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image') {
        part.file.resume(); // drain parts we do not want, or the request never ends
        continue;
      }
      return await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (statusCode === 413) throw error; // too many parts, files or fields
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new FieldError('image', UNREADABLE_UPLOAD);
  }
  throw new FieldError('image', NOT_AN_IMAGE);
}

/** The caller's own profile; every route takes the user from the access token. */
export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  // "Less than 5MB": a file of exactly 5 MiB is refused.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: MAX_AVATAR_BYTES - 1, files: 1, fields: 10, parts: 12 },
  });
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

  app.post(
    '/change/profile/pic/',
    {
      schema: {
        summary: 'Replace your profile picture (multipart/form-data, an image under 5 MB in `image`)',
        operationId: 'changeProfilePicture',
        tags,
        security,
        response: { 200: profilePicResponse, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const bytes = await readImagePart(request);
      const image = await replaceAvatar(db, config.mediaDir, request.user.id, bytes);
      return { success: true as const, message: 'Profile picture updated successfully' as const, image };
    },
  );
}
