import { UseGuards, applyDecorators, type DynamicModule } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config.js';

/** Who an auth request is about: its email, else its account id, else nobody in particular. */
function accountTracker(req: Record<string, any>): string {
  const body = (req.body ?? {}) as { email?: unknown; id?: unknown };
  if (typeof body.email === 'string' && body.email.trim()) return `email:${body.email.trim().toLowerCase()}`;
  if (typeof body.id === 'string' && body.id.trim()) return `account:${body.id.trim()}`;
  return `ip:${req.ip as string}`;
}

/**
 * Two limits on the routes that guess at secrets or send mail: per client IP per minute, and per
 * account (email or id) per 15 minutes, so neither many IPs nor one IP can hammer one account.
 */
export function authThrottlingModule(config: AppConfig): DynamicModule {
  return ThrottlerModule.forRoot({
    errorMessage: 'Too many attempts. Please wait a moment and try again.',
    throttlers: [
      { name: 'ip', ttl: 60_000, limit: config.rateLimits.perIpPerMinute },
      { name: 'account', ttl: 15 * 60_000, limit: config.rateLimits.perEmailPer15Minutes, getTracker: accountTracker },
    ],
  });
}

export const AuthThrottle = () => applyDecorators(UseGuards(ThrottlerGuard));
