import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/**
 * The message of the first rule as the DTO declares it: class-validator checks a property's decorators
 * bottom-up, so of its failed constraints the last one listed is the topmost (a missing name is 'Name
 * required', not 'Name must be at most 100 characters').
 */
function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = error.constraints && Object.values(error.constraints).at(-1);
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
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}
