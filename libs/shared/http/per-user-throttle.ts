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
import { DomainError, ThrottledError } from '../domain-error.js';

export const tooManyRequests = () =>
  new DomainError('throttled', 'too-many-requests', 'Too many requests. Please wait a moment and try again.');

/**
 * A per-account budget: a fixed window per account, counted in this process's memory by
 * rate-limiter-flexible, which forgets an account when its window ends: for work that costs this server
 * (photo re-encoding, profile embedding, waitlist ranking, reports). The contract's limits that must hold
 * across gateways are counted in the database: sign-in in `shared/rate-limits`, messages beside them in
 * connections.
 */
class PerUserBudget {
  // A memory store arms a timer per account for its window. Armed inside a request, the timer would keep
  // that request's async context (its ORM fork and what the fork loaded) alive for the whole window:
  // consumed in the scope of this budget's creation instead, outside every request.
  private readonly outsideRequests = new AsyncResource('PerUserBudget');
  private readonly budgets: RateLimiterMemory;

  constructor(limit: number, windowMs: number) {
    this.budgets = new RateLimiterMemory({ points: limit, duration: windowMs / 1000 });
  }

  /** Takes one from the account's budget: 0, or the ms until the spent budget's window ends. */
  async take(userId: string): Promise<number> {
    try {
      await this.outsideRequests.runInAsyncScope(() => this.budgets.consume(userId));
      return 0;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return Math.max(1, outcome.msBeforeNext);
      throw outcome;
    }
  }
}

/**
 * A route's guard: each request of the signed-in user takes one from its budget, or is refused with the
 * route's error and a Retry-After of the whole seconds until the window ends.
 */
export function PerUserThrottle(name: string, limit: number, windowMs: number, refusal: () => DomainError) {
  @Injectable()
  class PerUserThrottleGuard implements CanActivate {
    private readonly budget = new PerUserBudget(limit, windowMs);

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id;
      if (!userId) return true;
      const waitMs = await this.budget.take(userId);
      if (waitMs > 0) {
        const { code, message } = refusal();
        throw new ThrottledError(code, message, Math.ceil(waitMs / 1000));
      }
      return true;
    }
  }
  Object.defineProperty(PerUserThrottleGuard, 'name', { value: `PerUserThrottle(${name})` });
  return UseGuards(mixin(PerUserThrottleGuard) as Type<CanActivate>);
}
