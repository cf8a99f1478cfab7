import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, ThrottledError, type DomainErrorKind } from '../domain-error.js';

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media': 415,
  throttled: 429,
};

export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  return name
    ? name
        .toLowerCase()
        .split('_')
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join(' ')
    : 'Error';
}

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown })?.message;
  if (Array.isArray(message)) return String(message[0] ?? fallback);
  return typeof message === 'string' ? message : fallback;
}

/** Maps a thrown value to the API's error body; anything it does not know stays a logged 500. */
export function toApiError(error: unknown): ApiErrorBody {
  if (error instanceof DomainError) {
    return { statusCode: statusOfKind[error.kind], error: error.code, message: error.message };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return {
      statusCode: status,
      error: reasonPhrase(status),
      message: messageOf(error.getResponse(), error.message),
    };
  }
  // body-parser, multer and friends throw plain errors that carry a 4xx status.
  const status =
    (error as { status?: unknown; statusCode?: unknown })?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const type = (error as { type?: string }).type;
    const message =
      type === 'entity.parse.failed'
        ? 'Malformed JSON body'
        : type === 'entity.too.large'
          ? 'Request body is too large'
          : reasonPhrase(status);
    return { statusCode: status, error: reasonPhrase(status), message };
  }
  return { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side' };
}

const isAbortedBody = (error: unknown) => error instanceof Error && error.message === 'Request aborted';

/** The one exception filter: every error leaves as JSON `{statusCode, error, message}`. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    // The client hung up mid-body (multer's error): nobody to answer, and nothing went wrong on our side.
    if (host.switchToHttp().getRequest<Request>().destroyed && isAbortedBody(exception)) return;
    const body = toApiError(exception);
    if (body.statusCode >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    if (exception instanceof ThrottledError && exception.retryAfterSeconds !== undefined)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }
}
