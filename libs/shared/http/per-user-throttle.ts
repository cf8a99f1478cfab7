import {
  Injectable,
  mixin,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedRequest } from '../auth/access-token.guard.js';
import { DomainError } from '../domain-error.js';

interface Window {
  count: number;
}

export const tooManyRequests = () =>
  new DomainError('throttled', 'too-many-requests', 'Too many requests. Please wait a moment and try again.');

/** Bound on remembered accounts per limit; past it the least recently seen go first. */
const MAX_TRACKED = 50_000;

/**
 * A per-account budget for work that costs the server (photo re-encoding, profile embedding, waitlist
 * ranking, reports), counted in this process, keyed by the signed-in user: a fixed window per account, kept
 * in lru-cache with the window as its ttl, so a new account costs O(1) and an exhausted budget that its
 * account keeps hitting is the last to be evicted. The sign-in limits, which must hold across gateways, are
 * the shared ones.
 */
export function PerUserThrottle(name: string, limit: number, windowMs: number, refusal: () => DomainError) {
  @Injectable()
  class PerUserThrottleGuard implements CanActivate {
    private readonly windows = new LRUCache<string, Window>({ max: MAX_TRACKED, ttl: windowMs });

    canActivate(context: ExecutionContext): boolean {
      const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id;
      if (!userId) return true;
      let window = this.windows.get(userId);
      if (!window) {
        window = { count: 0 };
        this.windows.set(userId, window);
      }
      window.count += 1;
      if (window.count > limit) throw refusal();
      return true;
    }
  }
  Object.defineProperty(PerUserThrottleGuard, 'name', { value: `PerUserThrottle(${name})` });
  return UseGuards(mixin(PerUserThrottleGuard) as Type<CanActivate>);
}
