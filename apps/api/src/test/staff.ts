import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ADMIN_ROOT, RIDER_ROOT } from '../app';
import type { Db } from '../db/client';
import { login } from '../modules/auth/auth-test-helpers';
import { createStaff, createUser } from './factories';
import type { Shopper } from './shopper';

export interface StaffMember {
  id: number;
  token: string;
}

/** A fresh staff member, logged in through the API. */
export async function newStaff(app: FastifyInstance, db: Db): Promise<StaffMember> {
  const user = await createStaff(db);
  const { access_token } = await login(app, user.phone!, 'Passw0rd!');
  return { id: user.id, token: access_token };
}

/** A fresh delivery rider (not staff), logged in through the API. */
export async function newRider(app: FastifyInstance, db: Db, firstName = 'Rider'): Promise<StaffMember> {
  const user = await createUser(db, { firstName, lastName: 'Rider', isRider: true });
  const { access_token } = await login(app, user.phone!, 'Passw0rd!');
  return { id: user.id, token: access_token };
}

/** One call to the rider's API (path below /api/rider). */
export function rider(
  app: FastifyInstance,
  method: Method,
  path: string,
  options: { as?: StaffMember | Shopper; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${RIDER_ROOT}${path}`,
    headers: options.as ? { authorization: `Bearer ${options.as.token}` } : {},
    ...(options.payload === undefined ? {} : { payload: options.payload as string | object }),
  });
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One console call (path below /api/admin), as whoever is given; the payload may be anything. */
export function admin(
  app: FastifyInstance,
  method: Method,
  path: string,
  options: { as?: StaffMember | Shopper; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${ADMIN_ROOT}${path}`,
    headers: {
      ...(options.as ? { authorization: `Bearer ${options.as.token}` } : {}),
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as string | object }),
  });
}

/** A multipart/form-data body with one file part and any text parts. */
export function multipartForm(
  file: { bytes: Buffer; filename: string; field?: string; contentType?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----pasal-admin-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart upload to a console route. */
export function upload(
  app: FastifyInstance,
  path: string,
  as: StaffMember | Shopper | undefined,
  file: Parameters<typeof multipartForm>[0],
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const form = multipartForm(file, fields);
  return admin(app, 'POST', path, { as, payload: form.payload, headers: form.headers });
}
