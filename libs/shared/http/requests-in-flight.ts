import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';

/** How long shutdown waits for answers still being worked on before it goes on regardless. */
const DRAIN_TIMEOUT_MS = 10_000;

const kEnd = Symbol('end before tracking');
const kCountedBy = Symbol('counted by');
/** What `track` keeps on an answer, under symbols of its own. */
interface Tracking {
  [kEnd]: (...args: unknown[]) => Response;
  [kCountedBy]?: RequestsInFlight;
}
const tracking = (response: Response) => response as unknown as Tracking;

/**
 * The `end` of a tracked answer: one shared function, not a closure per request. A closure stored as a
 * property of the answer keeps it and its request alive through every young-generation collection until the
 * next full one (about a seventh of what a request allocates is then promoted, and the old generation fills
 * with that garbage under load).
 */
function endAndFinish(this: Response, ...args: unknown[]): Response {
  const end = tracking(this)[kEnd];
  this.end = end as Response['end'];
  tracking(this)[kCountedBy]?.answered(this);
  return end.apply(this, args);
}

/**
 * API requests whose answer is not written yet. Closing the HTTP server waits for open connections only, so
 * a handler whose client hung up was not waited for: the database closed under it ("Cannot use a pool after
 * calling end on the pool"), and a write it was making could be lost. Before the modules shut down, this
 * stops the server taking connections and waits, bounded, until every API request sent on an open connection
 * has been answered (Nest ends every answer, also one whose client is gone).
 */
@Injectable()
export class RequestsInFlight implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RequestsInFlight.name);
  private count = 0;
  private drained?: () => void;
  /**
   * Connections that have not sent a request yet. Node counts none of them idle, so closing idle connections
   * leaves them, and a client that keeps one open and silent would hold the shutdown until Node's headers
   * timeout.
   */
  private readonly silent = new Set<Socket>();

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.on('connection', (socket: Socket) => {
      this.silent.add(socket);
      socket.once('close', () => this.silent.delete(socket));
    });
    const spoke = (request: IncomingMessage) => this.silent.delete(request.socket);
    server?.on('request', spoke);
    server?.on('upgrade', spoke);
  }

  /**
   * Express middleware for the API's routes: counts a request until its answer's `end()`, or until its
   * connection closes once the answer has begun (a photo streamed to a client that hung up is never ended;
   * its handler was done when the answer began).
   */
  readonly track = (_request: Request, response: Response, next: NextFunction): void => {
    this.count++;
    tracking(response)[kCountedBy] = this;
    tracking(response)[kEnd] = response.end as Tracking[typeof kEnd];
    response.end = endAndFinish as Response['end'];
    response.once('close', () => {
      if (response.headersSent) this.answered(response);
    });
    next();
  };

  /** Stops counting `response` (once, whichever of its `end()` and its connection's close comes first). */
  answered(response: Response): void {
    if (tracking(response)[kCountedBy] !== this) return;
    tracking(response)[kCountedBy] = undefined;
    this.count--;
    if (this.count === 0) this.drained?.();
  }

  get pending(): number {
    return this.count;
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    const deadline = performance.now() + DRAIN_TIMEOUT_MS;
    let lastArrivalAt = performance.now();
    const quiet = () => performance.now() - lastArrivalAt >= QUIET_MS;
    const serving = server?.listening === true;
    if (serving) this.logger.log(`stopping: ${this.count} API requests being answered`);
    if (server?.listening) {
      // From now on every answer closes its connection.
      server.prependListener('connection', () => (lastArrivalAt = performance.now()));
      server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
        lastArrivalAt = performance.now();
        response.shouldKeepAlive = false;
      });
      // Connections clients have opened may still wait in the kernel's backlog, and closing the listener
      // resets them: it closes once none has come in for a moment (or after LISTEN_GRACE_MS). Not
      // http.Server's close(): it also drops the keep-alive connections it deems idle, and one whose request
      // has arrived but is not read yet looks idle. Those requests are answered.
      await until(quiet, performance.now() + LISTEN_GRACE_MS);
      netClose.call(server);
    }
    // Done once nothing is being answered and no request has come in on an open connection for a moment.
    await until(() => this.count === 0 && quiet(), deadline);
    server?.closeIdleConnections();
    for (const socket of this.silent) socket.destroy();
    if (this.count > 0) this.logger.warn(`shutting down with ${this.count} API requests unanswered`);
    else if (serving) this.logger.log('stopped taking requests: every one sent was answered');
  }
}

/** Resolves once `done()` holds, or at `deadline` (a performance.now() time). */
async function until(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && performance.now() < deadline)
    await new Promise((tick) => setTimeout(tick, DRAIN_POLL_MS));
}

/** net.Server's close: stops accepting connections, and leaves the open ones to finish. */
const netClose = NetServer.prototype.close;
/** How long no new connection or request must come in before the listener, then the connections, close. */
const QUIET_MS = 200;
/** The longest the listener stays open after shutdown begins, however busy. */
const LISTEN_GRACE_MS = 2_000;
const DRAIN_POLL_MS = 20;
