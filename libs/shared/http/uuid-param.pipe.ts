import { BadRequestException, ParseUUIDPipe, type ArgumentMetadata } from '@nestjs/common';
import { lowerCaseId } from './is-id.js';

export const INVALID_USER_ID = 'Invalid user id';

/** ParseUUIDPipe, whose uuid comes out lower-cased (see IsId). */
class ParseIdPipe extends ParseUUIDPipe {
  override async transform(value: string, metadata: ArgumentMetadata) {
    const id = await super.transform(value, metadata);
    return typeof id === 'string' ? lowerCaseId(id) : id;
  }
}

/**
 * A path parameter that must be a UUID: anything else is a 400 with `message`, never a database error.
 * Lower-cased, like a body's ids (IsId).
 */
export function uuidParam(message: string): ParseUUIDPipe {
  return new ParseIdPipe({ exceptionFactory: () => new BadRequestException(message) });
}

/** `{id}` and `{userId}` path parameters naming a member. */
export const UserIdPipe = uuidParam(INVALID_USER_ID);
