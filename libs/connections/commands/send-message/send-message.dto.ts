import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsId } from '../../../shared/http/is-id.js';
import { VISIBLE_TEXT } from '../../../shared/http/visible-text.js';
import { Trimmed } from '../../../shared/http/trimmed.js';

export const MESSAGE_MAX = 2000;

export class SendMessageDto {
  /** Trimmed; control and bidi-override characters are refused for every text the API takes (json-body.ts). */
  @ApiProperty({ minLength: 1, maxLength: MESSAGE_MAX })
  @Trimmed()
  @MaxLength(MESSAGE_MAX, { message: `A message is at most ${MESSAGE_MAX} characters` })
  @IsNotEmpty({ message: 'Write a message first' })
  @Matches(VISIBLE_TEXT, { message: 'Write a message first' })
  @IsString({ message: 'text must be a string' })
  text!: string;

  /** The client's id for this message: sending it again (a retry) returns the first, never a second one. */
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsId('clientId must be a uuid')
  clientId?: string;
}
