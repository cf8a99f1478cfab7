import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The name a member goes by (sign-up, or chosen after a reclaim): trimmed, 1–100 characters. */
export const IsAccountName = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    MaxLength(100, { message: 'Name must be at most 100 characters' }),
    IsNotEmpty({ message: 'Name required' }),
    IsString({ message: 'Name required' }),
  );
