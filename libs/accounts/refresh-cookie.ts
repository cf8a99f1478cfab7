import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { REFRESH_TOKEN_TTL_MS } from './refresh-session.entity.js';

export const REFRESH_COOKIE = 'fated_refresh';

function options(config: AppConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: config.secureCookies, path: '/api' };
}

/** The refresh token lives only in an httpOnly cookie scoped to the API. */
export const RefreshCookie = {
  read(request: Request): string | undefined {
    const value = (request.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
    return typeof value === 'string' && value.length > 0 && value.length < 200 ? value : undefined;
  },
  /** `persistent`: kept for the token's life; else it ends with the browser session ('Remember me' off). */
  set(response: Response, config: AppConfig, token: string, persistent: boolean): void {
    response.cookie(REFRESH_COOKIE, token, {
      ...options(config),
      ...(persistent ? { maxAge: REFRESH_TOKEN_TTL_MS } : {}),
    });
  },
  clear(response: Response, config: AppConfig): void {
    response.clearCookie(REFRESH_COOKIE, options(config));
  },
};
