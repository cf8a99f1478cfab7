import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { CliError } from '../ui/cli-error.js';

/**
 * Runs generated data through the API's own request DTOs with the gateway's validation settings
 * (whitelist, transform, first error), so a seeded user is one the API would have accepted.
 */
export function validateDto<T extends object>(dto: ClassConstructor<T>, plain: object, who: string): T {
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
  });
  if (errors.length > 0)
    throw new CliError(`Generated data for ${who} was rejected: ${firstMessage(errors)}`);
  return instance;
}

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraint = error.constraints && Object.values(error.constraints)[0];
    if (constraint) return constraint;
    const nested = error.children?.length ? firstMessage(error.children) : undefined;
    if (nested) return nested;
  }
  return 'invalid';
}
