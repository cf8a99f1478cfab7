import type { Server } from 'node:http';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
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
 * stops the server taking connections and waits, bounded, until every API request begun has been answered
 * (Nest ends every answer, also one whose client is gone).
 */
@Injectable()
export class RequestsInFlight implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RequestsInFlight.name);
  private count = 0;
  private drained?: () => void;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

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
    // No new connections, idle keep-alive ones closed; Nest's own close of the server comes later.
    if (server?.listening) server.close();
    if (this.count === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      new Promise<boolean>((done) => (this.drained = () => done(true))),
      new Promise<boolean>((done) => (timer = setTimeout(() => done(false), DRAIN_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!settled) this.logger.warn(`shutting down with ${this.count} API requests unanswered`);
  }
}
