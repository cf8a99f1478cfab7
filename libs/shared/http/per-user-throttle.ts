import {
  Injectable,
  mixin,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import type { AuthenticatedRequest } from '../auth/access-token.guard.js';
import { DomainError } from '../domain-error.js';

interface Window {
  count: number;
  resetsAt: number;
}

export const tooManyRequests = () =>
  new DomainError('throttled', 'too-many-requests', 'Too many requests. Please wait a moment and try again.');

/** Bound on remembered accounts per limit; expired windows go first, then the oldest. */
const MAX_TRACKED = 50_000;

/**
 * A per-account budget for work that costs the server (photo re-encoding, profile embedding, waitlist
 * ranking), counted in this process, keyed by the signed-in user. Hand-written because it is this small; the
 * sign-in limits, which must hold across gateways, are the shared ones.
 */
export function PerUserThrottle(name: string, limit: number, windowMs: number, refusal: () => DomainError) {
  @Injectable()
  class PerUserThrottleGuard implements CanActivate {
    private readonly windows = new Map<string, Window>();

    canActivate(context: ExecutionContext): boolean {
      const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().user?.id;
      if (!userId) return true;
      const now = Date.now();
      let window = this.windows.get(userId);
      if (!window || window.resetsAt <= now) {
        if (this.windows.size >= MAX_TRACKED) this.evict(now);
        window = { count: 0, resetsAt: now + windowMs };
        this.windows.delete(userId);
        this.windows.set(userId, window);
      }
      window.count += 1;
      if (window.count > limit) throw refusal();
      return true;
    }

    private evict(now: number): void {
      for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
      // Still full: drop the oldest windows (Map keeps insertion order).
      for (const key of this.windows.keys()) {
        if (this.windows.size < MAX_TRACKED) break;
        this.windows.delete(key);
      }
    }
  }
  Object.defineProperty(PerUserThrottleGuard, 'name', { value: `PerUserThrottle(${name})` });
  return UseGuards(mixin(PerUserThrottleGuard) as Type<CanActivate>);
}
