import { AsyncResource } from 'node:async_hooks';
import {
  Injectable,
  mixin,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthenticatedRequest } from '../auth/access-token.guard.js';
import { DomainError } from '../domain-error.js';

export const tooManyRequests = () =>
  new DomainError('throttled', 'too-many-requests', 'Too many requests. Please wait a moment and try again.');

/**
 * A per-account budget for work that costs the server (photo re-encoding, profile embedding, waitlist
 * ranking, reports), counted in this process, keyed by the signed-in user: a fixed window per account in
 * rate-limiter-flexible's memory store, which forgets an account when its window ends. The sign-in limits,
 * which must hold across gateways, are the shared ones (`shared/rate-limits`).
 */
export function PerUserThrottle(name: string, limit: number, windowMs: number, refusal: () => DomainError) {
  @Injectable()
  class PerUserThrottleGuard implements CanActivate {
    private readonly budgets = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
    // The store arms a timer per account for its window. Armed inside a request, the timer would keep that
    // request's async context (its ORM fork and what the fork loaded) alive for the whole window: consumed in
    // the scope of this guard's creation instead, outside every request.
    private readonly outsideRequests = new AsyncResource('PerUserThrottle');

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id;
      if (!userId) return true;
      try {
        await this.outsideRequests.runInAsyncScope(() => this.budgets.consume(userId));
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) throw refusal();
        throw outcome;
      }
      return true;
    }
  }
  Object.defineProperty(PerUserThrottleGuard, 'name', { value: `PerUserThrottle(${name})` });
  return UseGuards(mixin(PerUserThrottleGuard) as Type<CanActivate>);
}
