import { AsyncResource } from 'node:async_hooks';
import {
  Injectable,
  mixin,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/core';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { AuthenticatedRequest } from '../auth/access-token.guard.js';
import { DomainError } from '../domain-error.js';
import { accountKey } from '../rate-limits/account-key.js';
import { sharedRateLimitOptions, sqlRateLimitStore } from '../rate-limits/sql-rate-limit-store.js';

export const tooManyRequests = () =>
  new DomainError('throttled', 'too-many-requests', 'Too many requests. Please wait a moment and try again.');

/**
 * A per-account budget: a fixed window per account, in rate-limiter-flexible. `inProcess` counts in this
 * process's memory, which forgets an account when its window ends: for work that costs this server (photo
 * re-encoding, profile embedding, waitlist ranking, reports), as a route's guard (PerUserThrottle). `shared`
 * counts in the `rate_limit` table, so a limit of the contract holds across gateways (messages); once an
 * account is past it, this process refuses it from memory until the window ends, so a flood does not reach
 * the database. The sign-in limits are the shared ones of `shared/rate-limits`.
 */
export class PerUserBudget {
  // A memory store arms a timer per account for its window. Armed inside a request, the timer would keep
  // that request's async context (its ORM fork and what the fork loaded) alive for the whole window:
  // consumed in the scope of this budget's creation instead, outside every request.
  private readonly outsideRequests = new AsyncResource('PerUserBudget');

  /** `keyOf`: what the store keeps for an account. */
  private constructor(
    private readonly budgets: RateLimiterAbstract,
    private readonly keyOf: (userId: string) => string = (userId) => userId,
  ) {}

  static inProcess(limit: number, windowMs: number): PerUserBudget {
    return new PerUserBudget(new RateLimiterMemory({ points: limit, duration: windowMs / 1000 }));
  }

  static shared(orm: MikroORM, name: string, limit: number, windowMs: number): PerUserBudget {
    return new PerUserBudget(
      new RateLimiterPostgres({
        ...sharedRateLimitOptions(sqlRateLimitStore(orm)),
        keyPrefix: name,
        points: limit,
        duration: windowMs / 1000,
        // The first refusal blocks the account here for the rest of its window.
        inMemoryBlockOnConsumed: limit + 1,
      }),
      // A hash, as for the sign-in limits: no member's id stays in the table once their account is deleted.
      (userId) => accountKey(undefined, 'id', userId)!,
    );
  }

  /** Takes one from the account's budget: false when it is spent for this window. */
  async take(userId: string): Promise<boolean> {
    try {
      await this.outsideRequests.runInAsyncScope(() => this.budgets.consume(this.keyOf(userId)));
      return true;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return false;
      throw outcome;
    }
  }

  /** Gives back one taken for what did not happen after all (a repeated request, a failed write). */
  async giveBack(userId: string): Promise<void> {
    await this.outsideRequests.runInAsyncScope(() => this.budgets.reward(this.keyOf(userId)));
  }
}

/** A route's guard: each request of the signed-in user takes one from its budget, or is refused. */
export function PerUserThrottle(name: string, limit: number, windowMs: number, refusal: () => DomainError) {
  @Injectable()
  class PerUserThrottleGuard implements CanActivate {
    private readonly budget = PerUserBudget.inProcess(limit, windowMs);

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id;
      if (!userId) return true;
      if (!(await this.budget.take(userId))) throw refusal();
      return true;
    }
  }
  Object.defineProperty(PerUserThrottleGuard, 'name', { value: `PerUserThrottle(${name})` });
  return UseGuards(mixin(PerUserThrottleGuard) as Type<CanActivate>);
}
