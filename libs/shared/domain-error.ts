/** What kind of failure a domain error is; the HTTP layer maps each kind to one status code. */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-media'
  | 'throttled';

/**
 * A failure the user can act on. `code` is stable (clients switch on it); `message` is the text shown
 * to people, taken from the product spec where it names one.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Too much at once: `retryAfterSeconds`, when known, goes out as the answer's Retry-After. */
export class ThrottledError extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('throttled', code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You can only access your own data') {
    super('forbidden', 'Forbidden', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = 'Not Found') {
    super('not-found', code, message);
  }
}
