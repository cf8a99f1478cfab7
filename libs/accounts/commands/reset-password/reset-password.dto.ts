import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { CheckResetLinkDto } from '../../queries/check-reset-link/check-reset-link.dto.js';

/** The reset link's id and token, and the new password. */
export class ResetPasswordDto extends CheckResetLinkDto {
  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'Password must be 8–128 characters' })
  @IsString({ message: 'Password must be 8–128 characters' })
  password!: string;
}
