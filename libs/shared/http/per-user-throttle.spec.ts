import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { CanActivate } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { PerUserThrottle, tooManyRequests } from './per-user-throttle.js';

/** The guard class the decorator puts on a route. */
function guardOf(limit: number, windowMs: number): CanActivate {
  class Routes {
    @PerUserThrottle('test', limit, windowMs, tooManyRequests)
    route() {}
  }
  const [Guard] = Reflect.getMetadata(GUARDS_METADATA, Routes.prototype.route) as (new () => CanActivate)[];
  return new Guard!();
}

const as = (guard: CanActivate, userId: string) => {
  const request = { user: { id: userId } };
  return guard.canActivate(new ExecutionContextHost([request, {}, () => undefined])) as Promise<boolean>;
};

describe('PerUserThrottle', () => {
  it('refuses past the limit within the window, per account', async () => {
    const guard = guardOf(3, 60_000);
    for (let i = 0; i < 3; i++) await expect(as(guard, 'a')).resolves.toBe(true);
    const refusal = await as(guard, 'a').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ kind: 'throttled', code: 'too-many-requests' });
    // Sent as Retry-After: whole seconds until the window ends, within it.
    expect((refusal as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((refusal as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(60);
    await expect(as(guard, 'b')).resolves.toBe(true);
  });

  it('keeps an exhausted budget exhausted while 60,000 other accounts come and go', async () => {
    const guard = guardOf(2, 60_000);
    await as(guard, 'hammering');
    await as(guard, 'hammering');
    for (let i = 0; i < 60_000; i++) {
      await as(guard, `member-${i}`);
      if (i % 1_000 === 0) await expect(as(guard, 'hammering')).rejects.toThrow('Too many requests');
    }
    await expect(as(guard, 'hammering')).rejects.toThrow('Too many requests');
  });

  it('gives a fresh budget once the window has passed', async () => {
    const guard = guardOf(1, 40);
    await expect(as(guard, 'a')).resolves.toBe(true);
    await expect(as(guard, 'a')).rejects.toThrow('Too many requests');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await expect(as(guard, 'a')).resolves.toBe(true);
  });
});
