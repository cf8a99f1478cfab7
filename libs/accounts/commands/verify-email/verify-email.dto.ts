import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { IsId } from '../../../shared/http/is-id.js';

const INVALID = 'Your verification token has expired or is invalid. Please request a new verification email.';

export class VerifyEmailDto {
  @ApiProperty({ format: 'uuid' })
  @IsId(INVALID)
  id!: string;

  @ApiProperty()
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: INVALID })
  @IsString({ message: INVALID })
  emailToken!: string;
}
