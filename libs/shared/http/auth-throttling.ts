import { Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../config/app-config.js';
import { DomainError } from '../domain-error.js';

interface Window {
  count: number;
  resetsAt: number;
}

/** Fixed-window counters in memory; keys expire with their window. */
class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs: number) {}

  /** Counts one hit and says whether it is still within the limit. */
  hit(key: string, limit: number, now: number): boolean {
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (this.windows.size > 100_000) this.evictExpired(now);
      window = { count: 0, resetsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= limit;
  }

  private evictExpired(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}

/** Who an auth request is about: its email, else its account id. */
function accountKey(request: Request): string | undefined {
  const body = (request.body ?? {}) as { email?: unknown; id?: unknown };
  if (typeof body.email === 'string' && body.email.trim()) return `email:${body.email.trim().toLowerCase()}`;
  if (typeof body.id === 'string' && body.id.trim()) return `account:${body.id.trim()}`;
  return undefined;
}

/**
 * Two limits on the routes that guess at secrets or send mail: per client IP per minute, and per account
 * (email or id) per 15 minutes, so neither one IP nor many IPs can hammer one account. Answers 429.
 */
@Injectable()
export class AuthThrottleGuard implements CanActivate {
  private static readonly perIp = new FixedWindowCounter(60_000);
  private static readonly perAccount = new FixedWindowCounter(15 * 60_000);

  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const route = `${request.method} ${request.route?.path ?? request.path}`;
    const now = Date.now();
    const limits = this.config.rateLimits;
    // Keys include the config object's port so parallel test apps in one process don't share counts.
    const scope = `${this.config.port}|${this.config.dataDir}|${route}`;
    const ipOk = AuthThrottleGuard.perIp.hit(`${scope}|ip:${request.ip}`, limits.perIpPerMinute, now);
    const account = accountKey(request);
    const accountOk = account
      ? AuthThrottleGuard.perAccount.hit(`${scope}|${account}`, limits.perEmailPer15Minutes, now)
      : true;
    if (!ipOk || !accountOk) {
      throw new DomainError(
        'throttled',
        'Too Many Requests',
        'Too many attempts. Please wait a moment and try again.',
      );
    }
    return true;
  }
}

export const AuthThrottle = () => UseGuards(AuthThrottleGuard);
