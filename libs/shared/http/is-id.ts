import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid PostgreSQL can read (a key from a mailed link, checked before any query). */
export const isUuid = (value: string): boolean => UUID.test(value);

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
