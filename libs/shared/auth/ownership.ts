import { ForbiddenError } from '../domain-error.js';
import type { AccessTokenClaims } from './access-tokens.js';

/** A user reads and writes only their own resources. */
export function assertSelf(user: AccessTokenClaims, resourceOwnerId: string): void {
  if (user.id !== resourceOwnerId) throw new ForbiddenError();
}
