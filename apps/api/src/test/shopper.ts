import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { API, login } from '../modules/auth/auth-test-helpers';
import { createUser } from './factories';

export interface Shopper {
  id: number;
  token: string;
}

/** A fresh active customer, logged in through the API. */
export async function newShopper(app: FastifyInstance, db: Db): Promise<Shopper> {
  const user = await createUser(db);
  const { access_token } = await login(app, user.phone!, 'Passw0rd!');
  return { id: user.id, token: access_token };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call, as the shopper when one is given; payload may be anything (tests send bad bodies). */
export function call(
  app: FastifyInstance,
  method: Method,
  path: string,
  options: { as?: Shopper; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${API}${path}`,
    headers: {
      ...(options.as ? { authorization: `Bearer ${options.as.token}` } : {}),
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as string | object }),
  });
}
