import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { VISIBLE_TEXT } from '../shared/http/visible-text.js';
import { Trimmed } from '../shared/http/trimmed.js';

/**
 * The name a member goes by (sign-up, or chosen after a reclaim): trimmed, 1–100 characters, something to see. Listed in the order
 * stacked decorators are applied (bottom up), so the first broken rule names the error: a missing name is
 * 'Name required', not a length.
 */
export const IsAccountName = () =>
  applyDecorators(
    IsString({ message: 'Name required' }),
    IsNotEmpty({ message: 'Name required' }),
    // Zero-width spaces only would be a blank name on every card and mail.
    Matches(VISIBLE_TEXT, { message: 'Name required' }),
    MaxLength(100, { message: 'Name must be at most 100 characters' }),
    Trimmed(),
  );
