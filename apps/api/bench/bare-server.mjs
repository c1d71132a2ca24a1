// The yardstick of `npm run bench`: a bare node:http server in its own process that answers every
// request with the very status, headers and body bytes the shop's endpoint answered. Plain
// JavaScript on purpose (no TypeScript loader, no framework). Driven over IPC by http-bench.ts:
// { type: 'serve', status, headers: [[name, value]…], body: base64 } → { type: 'serving' }.
import { createServer } from 'node:http';

let answer = { status: 404, headers: [], body: Buffer.alloc(0) };

const server = createServer((request, response) => {
  // Read (and drop) any request body before answering, as the real server does.
  request.resume();
  request.on('end', () => {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;

process.on('message', (message) => {
  if (message.type !== 'serve') return;
  const body = Buffer.from(message.body, 'base64');
  answer = {
    status: message.status,
    // Framing headers are the server's own business; the length is set to the body's.
    // A flat [name, value, name, value…] list, the form writeHead takes for raw headers.
    headers: [
      ...message.headers
        .filter(([name]) => !/^(content-length|transfer-encoding|connection|keep-alive|date)$/i.test(name))
        .flat(),
      'content-length',
      String(body.length),
    ],
    body,
  };
  process.send({ type: 'serving' });
});

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  process.send({ type: 'listening', port: server.address().port });
});
process.on('disconnect', () => process.exit(0));
