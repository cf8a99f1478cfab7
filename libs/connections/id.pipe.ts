import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';

/** `{id}` path parameters of conversations are uuids: anything else is a 400, never a database error. */
export const ConnectionIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new BadRequestException('Invalid conversation id'),
});
