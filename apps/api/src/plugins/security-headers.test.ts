import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { expect, test } from 'vitest';
import { securityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
  crossOriginEmbedderPolicy: false,
};

test('the headers worked out once are the very headers helmet sets on a response', async () => {
  const middleware = helmet(options);
  const server = createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const fromHelmet = Object.fromEntries(
      [...res.headers].filter(
        ([name]) => !/^(date|connection|keep-alive|content-length|transfer-encoding)$/.test(name),
      ),
    );
    expect(securityHeaders(options)).toEqual(fromHelmet);
    expect(fromHelmet['content-security-policy']).toContain("img-src 'self' data:");
  } finally {
    server.close();
  }
});
