import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/**
 * The message of the first rule that failed. class-validator checks a property's decorators bottom-up, so in
 * every DTO the rules a value must pass first (present, the right type) are the lowest decorators: a
 * missing name is 'Name required', never 'Name must be at most 100 characters'.
 */
function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint) return constraint;
    const nested = error.children?.length ? firstMessage(error.children) : undefined;
    if (nested) return nested;
  }
  return 'Invalid request';
}

/** DTO validation at the edge: unknown fields are refused and the first broken rule is the message. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}
