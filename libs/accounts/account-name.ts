import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/**
 * The name a member goes by (sign-up, or chosen after a reclaim): trimmed, 1–100 characters. Listed in the order
 * stacked decorators are applied (bottom up), so the first broken rule names the error: a missing name is
 * 'Name required', not a length.
 */
export const IsAccountName = () =>
  applyDecorators(
    IsString({ message: 'Name required' }),
    IsNotEmpty({ message: 'Name required' }),
    MaxLength(100, { message: 'Name must be at most 100 characters' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
  );
