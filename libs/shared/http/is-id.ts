import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';

/** A uuid as text in one letter case, the one PostgreSQL answers with. */
export const lowerCaseId = (value: string): string => value.toLowerCase();

/**
 * A body field naming something by its uuid: validated, and lower-cased. PostgreSQL reads any letter case as
 * the same uuid, but this code compares and keys ids as text (ownership checks, caches, the matcher's pool).
 */
export const IsId = (message: string) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? lowerCaseId(value) : value)),
    IsUUID('all', { message }),
  );
