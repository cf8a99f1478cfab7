import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Matches } from 'class-validator';

const INVALID = 'Your verification token has expired or is invalid. Please request a new verification email.';

export class VerifyEmailDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: INVALID })
  id!: string;

  @ApiProperty()
  @IsString({ message: INVALID })
  @Matches(/^[A-Za-z0-9_-]{20,100}$/, { message: INVALID })
  emailToken!: string;
}
