import type { NextFunction, Request, Response } from 'express';

/**
 * API answers are a member's own data and change with every action: no browser or proxy keeps a copy (a
 * shared computer's back button, a cache on the way). A route whose answer may be kept says so itself (the
 * photo: private, five minutes).
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}
