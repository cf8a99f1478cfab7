import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';
import { ProfileMessages } from './profile-rules.js';

/** `{id}` path parameters are user ids: anything that is not a UUID is a 400, never a database error. */
export const UserIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new BadRequestException(ProfileMessages.userId),
});
