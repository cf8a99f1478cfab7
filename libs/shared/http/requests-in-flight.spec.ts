import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { HttpAdapterHost } from '@nestjs/core';
import express, { type Response } from 'express';
import { RequestsInFlight } from './requests-in-flight.js';

/** An Express server whose one route answers when the test says so, with `track` in front of it. */
async function serve() {
  // Asked for only at shutdown, once the server below exists.
  const host = { httpAdapter: { getHttpServer: () => server } } as unknown as HttpAdapterHost;
  const inFlight = new RequestsInFlight(host);
  const waiting: Response[] = [];
  const app = express();
  app.use(inFlight.track);
  app.get('/slow', (_request, response) => void waiting.push(response));
  app.get('/fast', (_request, response) => void response.json({ ok: true }));
  const server: Server = createServer(app);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return { inFlight, waiting, server, port };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((tick) => setTimeout(tick, 5));
};

describe('RequestsInFlight.track', () => {
  it('counts a request until its answer is ended, once, and leaves the answer its own end()', async () => {
    const { inFlight, waiting, server, port } = await serve();
    try {
      const answered = fetch(`http://127.0.0.1:${port}/slow`);
      await until(() => waiting.length === 1);
      expect(inFlight.pending).toBe(1);
      const response = waiting[0]!;
      response.json({ ok: true });
      expect(inFlight.pending).toBe(0);
      expect(response.end).toBe(Object.getPrototypeOf(response).end);
      expect(await (await answered).json()).toEqual({ ok: true });
      // The connection's close after the answer counts nothing twice.
      inFlight.answered(response);
      expect(inFlight.pending).toBe(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('keeps counting a request whose client hung up until its handler ends the answer', async () => {
    const { inFlight, waiting, server, port } = await serve();
    try {
      const client = httpRequest({ port, host: '127.0.0.1', path: '/slow' });
      client.on('error', () => undefined);
      client.end();
      await until(() => waiting.length === 1);
      client.destroy();
      const response = waiting[0]!;
      await until(() => response.destroyed);
      expect(inFlight.pending).toBe(1);
      response.json({ late: true });
      expect(inFlight.pending).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe('RequestsInFlight shutdown', () => {
  it('answers the requests already sent on open connections, then closes them; takes no new connection', async () => {
    const { inFlight, server, port } = await serve();
    const sockets = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<ReturnType<typeof connect>>((open) => {
            const socket = connect(port, '127.0.0.1', () => open(socket));
          }),
      ),
    );
    const answers = sockets.map(
      (socket) =>
        new Promise<string>((done) => {
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('error', () => done(`${text}[reset]`));
          socket.on('close', () => done(text));
        }),
    );
    // Sent, and the shutdown begins before the server has read any of them.
    for (const socket of sockets) socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    const stopping = inFlight.beforeApplicationShutdown();
    const texts = await Promise.all(answers);
    await stopping;
    expect(texts.every((text) => text.startsWith('HTTP/1.1 200'))).toBe(true);
    expect(texts.every((text) => /\r\nconnection: close\r\n/i.test(text))).toBe(true);
    expect(server.listening).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/fast`)).rejects.toThrow();
  });
});
