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

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id;
      if (!userId) return true;
      try {
        await this.budgets.consume(userId);
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
