import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './access-token.guard.js';
import type { AccessTokenClaims } from './access-tokens.js';

/** The signed-in user's claims, set by AccessTokenGuard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AccessTokenClaims =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
