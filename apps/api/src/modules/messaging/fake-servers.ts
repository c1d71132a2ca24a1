import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';

// Local stand-ins for the SMS providers and an SMTP server, for tests only (no real hosts).

export interface FakeHttp {
  url: string;
  requests: Record<string, string>[];
  /** What the next answers are: status and JSON body. */
  answer: { status: number; body: unknown };
  /** How long each answer takes (ms), so that sends overlap. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeSmsApi(): Promise<FakeHttp> {
  const fake: Omit<FakeHttp, 'url' | 'close'> = {
    requests: [],
    answer: { status: 200, body: {} },
    delayMs: 0,
  };
  const server: Server = createHttpServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      fake.requests.push(Object.fromEntries(new URLSearchParams(raw)));
      const { status, body } = fake.answer;
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      }, fake.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/send`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface FakeSmtp {
  url: string;
  mails: { from: string; to: string[]; data: string }[];
  /** While true, new connections get no greeting: a send hangs (as at a stalled server). */
  hold: boolean;
  /** Connections accepted so far (held ones too). */
  connections: number;
  /** While set, MAIL FROM is answered with this (e.g. `451 try again later`): the send fails. */
  refuse?: string;
  close(): Promise<void>;
}

/** Just enough SMTP for nodemailer: EHLO, MAIL, RCPT, DATA, QUIT. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: FakeSmtp['mails'] = [];
  const sockets = new Set<Socket>();
  const state: Pick<FakeSmtp, 'hold' | 'refuse' | 'connections'> = { hold: false, connections: 0 };
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    state.connections += 1;
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (state.hold) return;
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(mail);
          mail = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.local\r\n');
        else if (verb === 'MAIL' && state.refuse) socket.write(`${state.refuse}\r\n`);
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
