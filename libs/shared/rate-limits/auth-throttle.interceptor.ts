import {
  Injectable,
  SetMetadata,
  UseInterceptors,
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/access-token.guard.js';
import { DomainError } from '../domain-error.js';
import { accountKey, type AccountField } from './account-key.js';
import { AuthLimits, type LimitVerdict } from './auth-limits.js';
import { clientKey } from './client-key.js';

const FAILURE_CODES = Symbol('auth throttle failure codes');
const ACCOUNT_FIELD = Symbol('auth throttle account field');
const SECRET = Symbol('auth throttle secret');

const tooManyAttempts = () =>
  new DomainError('throttled', 'Too Many Requests', 'Too many attempts. Please wait a moment and try again.');

/**
 * Applies the sign-in limits (AuthLimits) to a route, before validation so malformed floods are counted too.
 * An interceptor rather than a guard because it also needs the outcome: on routes that check a secret,
 * pass the error codes that mean "wrong secret"; those count as failures for the (account, client) pair
 * and a success clears them. Routes without failure codes (they send mail) are limited per (account, client).
 * `account` names the body field that says which account the route is about (signed-in routes: the user's).
 * `secret` names what the route checks: routes that check the same secret (the password: sign-in, a password
 * change, a deletion) share one count of failures, so each route does not add its own budget of guesses.
 */
export const AuthThrottle = (options: { account: AccountField; failureCodes?: string[]; secret?: string }) =>
  applyDecorators(
    SetMetadata(FAILURE_CODES, options.failureCodes ?? []),
    SetMetadata(ACCOUNT_FIELD, options.account),
    SetMetadata(SECRET, options.secret),
    UseInterceptors(AuthThrottleInterceptor),
  );

@Injectable()
export class AuthThrottleInterceptor implements NestInterceptor {
  constructor(
    private readonly limits: AuthLimits,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.throttle(context, next));
  }

  private async throttle(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & Partial<AuthenticatedRequest>>();
    const response = http.getResponse<Response>();
    const failureCodes = this.reflector.get<string[]>(FAILURE_CODES, context.getHandler()) ?? [];
    const route = `${request.method} ${request.route?.path ?? request.path}`;
    const client = clientKey(request.ip);
    const field = this.reflector.get<AccountField>(ACCOUNT_FIELD, context.getHandler());
    const account = accountKey(request.body, field, request.user);
    const secret = this.reflector.get<string | undefined>(SECRET, context.getHandler()) ?? route;

    this.enforce(response, await this.limits.hitClient(route, client));
    if (!account) return lastValueFrom(next.handle(), { defaultValue: undefined });
    if (failureCodes.length === 0) {
      this.enforce(response, await this.limits.hitMailRoute(route, account, client));
      return lastValueFrom(next.handle(), { defaultValue: undefined });
    }

    this.enforce(response, await this.limits.mayTry(secret, account, client));
    try {
      const result = await lastValueFrom(next.handle(), { defaultValue: undefined });
      await this.limits.recordSuccess(secret, account, client);
      return result;
    } catch (error) {
      if (error instanceof DomainError && failureCodes.includes(error.code))
        await this.limits.recordFailure(secret, account, client);
      throw error;
    }
  }

  private enforce(response: Response, verdict: LimitVerdict): void {
    if (verdict.allowed) return;
    response.setHeader('Retry-After', String(verdict.retryAfterSeconds));
    throw tooManyAttempts();
  }
}
