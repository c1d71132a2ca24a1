import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { databaseModes, type ServerData } from '../test/database-modes';
import { clusterState } from '../test/pg-control';
import { killAll, type ServerProcess, startServer } from '../test/server-process';

// SIGTERM: the request in flight is answered, no new connection is accepted, the database is
// closed cleanly and the process exits 0. The request is held in flight by sending its body late.

/** Resolves with everything the server sent once it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

function waitFor(socket: Socket, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (pattern.test(text)) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

/** True once a new TCP connection to the port is refused (bounded: gives up after 15 s). */
async function refusesConnections(port: number): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const servers: ServerProcess[] = [];
const data: ServerData[] = [];
afterAll(async () => {
  await killAll(servers);
  for (const d of data) await d.dispose();
});

describe.each(databaseModes())('on $name', (mode) => {
  test('SIGTERM answers the request in flight, refuses new connections, closes the database, exits 0', async () => {
    const folder = await mode.prepare();
    data.push(folder);
    const server = await startServer(folder);
    servers.push(server);

    const body = JSON.stringify({ phone_or_email: '9811111111', password: 'not-the-password' });
    const socket = connect(server.port, '127.0.0.1');
    const answer = readAll(socket);
    // "Expect: 100-continue" makes the server confirm it has read the headers: the request is in flight.
    const continued = waitFor(socket, /^HTTP\/1\.1 100 Continue/);
    socket.write(
      `POST /api/ecommerce/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await continued;
    socket.write(body.slice(0, 10));

    const exited = server.kill('SIGTERM');
    expect(await refusesConnections(server.port)).toBe(true);

    socket.write(body.slice(10));
    const response = await answer;
    // A real answer to the login (wrong password), not a dropped connection.
    expect(response).toMatch(/HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 401 /);
    expect(response).toContain('"message"');
    // …which tells the client not to send more on this connection.
    expect(response.toLowerCase()).toContain('connection: close');

    expect(await exited, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shutting down');

    if (mode.name === 'pglite') {
      // Closed cleanly: the next start needs no crash recovery.
      expect(clusterState(join(folder.dataDir, 'db'))).toBe('shut down');
    } else {
      // Every pooled connection was closed, none left to time out on the server.
      const client = new pg.Client({ connectionString: folder.databaseUrl });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    }
  });
});
