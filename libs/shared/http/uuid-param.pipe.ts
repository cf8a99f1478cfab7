import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

export const INVALID_USER_ID = 'Invalid user id';

/** A path parameter that must be a UUID: anything else is a 400 with `message`, never a database error. */
export function uuidParam(message: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(message) });
}

/** `{id}` and `{userId}` path parameters naming a member. */
export const UserIdPipe = uuidParam(INVALID_USER_ID);
