import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What a log line or an event may say about the action it belongs to. */
export interface RequestScope {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** A client's X-Request-Id is kept only when it is this plain: it ends up in logs and in events. */
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

export const RequestContext = {
  /** Runs `work` as part of the request (or the event's handling) with this id. */
  run<T>(requestId: string | undefined, work: () => T): T {
    return requestId === undefined ? storage.exit(work) : storage.run({ requestId }, work);
  },

  /** The id of the request (or of the request behind the event) this code runs for, if any. */
  requestId(): string | undefined {
    return storage.getStore()?.requestId;
  },

  /** The client's id when it is well-formed, else a fresh one. */
  idFrom(header: string | string[] | undefined): string {
    const offered = Array.isArray(header) ? header[0] : header;
    return offered !== undefined && WELL_FORMED.test(offered) ? offered : randomUUID();
  },

  /** Whether an id read back from a row or a record is one this code would have written. */
  isWellFormed(id: unknown): id is string {
    return typeof id === 'string' && WELL_FORMED.test(id);
  },
};
