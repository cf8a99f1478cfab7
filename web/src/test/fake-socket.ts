import { act } from '@testing-library/react';

type Handler = (...args: unknown[]) => void;

/** Stands in for a socket.io-client Socket: records what the SPA listens to, lets a test play the server. */
export class FakeSocket {
  readonly handlers = new Map<string, Set<Handler>>();
  connected = false;
  connects = 0;
  disconnected = false;

  constructor(readonly options: { path?: string; auth?: (send: (data: object) => void) => void }) {
    queueMicrotask(() => this.connect());
  }

  /** The handshake's `auth`, as the server would receive it now. */
  handshakeAuth(): object {
    let data: object = {};
    this.options.auth?.((value) => (data = value));
    return data;
  }

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  connect(): this {
    this.connects += 1;
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  /** The server accepts the handshake. */
  accept(): void {
    this.connected = true;
    this.fire('connect');
  }

  fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

/** The module `vi.mock('socket.io-client', …)` returns. */
export const fakeSocketModule = {
  io: (options: ConstructorParameters<typeof FakeSocket>[0]) => {
    const socket = new FakeSocket(options);
    fakeSockets.push(socket);
    return socket;
  },
};

/** The socket the SPA opened last (waits for the lazily loaded client). */
export async function openSocket(): Promise<FakeSocket> {
  for (let i = 0; i < 50 && fakeSockets.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const socket = fakeSockets[fakeSockets.length - 1];
  if (!socket) throw new Error('The SPA opened no socket');
  return socket;
}

/** Plays a server event on the open socket, inside act(). */
export async function serverSends(event: string, payload: unknown): Promise<void> {
  const socket = await openSocket();
  // What the event changes in the query cache reaches the screen on the cache's next notification (a macrotask).
  await act(async () => {
    socket.fire(event, payload);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
