import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';

const INVALID = 'This reset link has expired or is invalid.';

export class ResetPasswordDto {
  @ApiProperty({ description: 'the user id from the reset link' })
  @MaxLength(64, { message: INVALID })
  @IsString({ message: INVALID })
  id!: string;

  @ApiProperty({ description: 'the token from the reset link' })
  @MaxLength(200, { message: INVALID })
  @IsString({ message: INVALID })
  token!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'Password must be 8–128 characters' })
  @IsString({ message: 'Password must be 8–128 characters' })
  password!: string;
}
