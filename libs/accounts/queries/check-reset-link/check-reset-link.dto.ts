import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

const INVALID = 'This reset link has expired or is invalid.';

/** The reset link's two parts, in the body: a token in a URL would reach access logs. */
export class CheckResetLinkDto {
  @ApiProperty({ description: 'the user id from the reset link' })
  @MaxLength(64, { message: INVALID })
  @IsString({ message: INVALID })
  id!: string;

  @ApiProperty({ description: 'the token from the reset link' })
  @MaxLength(200, { message: INVALID })
  @IsString({ message: INVALID })
  token!: string;
}
