import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';

const INVALID = 'This reset link has expired or is invalid.';

export class ResetPasswordDto {
  @ApiProperty({ description: 'the user id from the reset link' })
  @IsString({ message: INVALID })
  @MaxLength(64, { message: INVALID })
  id!: string;

  @ApiProperty({ description: 'the token from the reset link' })
  @IsString({ message: INVALID })
  @MaxLength(200, { message: INVALID })
  token!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsString({ message: 'Password must be 8–128 characters' })
  @Length(8, 128, { message: 'Password must be 8–128 characters' })
  password!: string;
}
