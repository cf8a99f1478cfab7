import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsAccountName } from '../../account-name.js';
import { IsEmailAddress } from '../../email-address.js';
import { IsOptional, IsString, Length } from 'class-validator';
import { Trimmed } from '../../../shared/http/trimmed.js';

/**
 * A code comes from a share link the member cannot edit in the form: one pasted with a stray character (a
 * trailing dot or bracket) is the code without it, and text that still is no code is no code, since a
 * referral must never stop a sign-up. A code that is not text at all is a client's fault (400).
 */
const referralCode = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const code = value.replace(/[^A-Za-z0-9]/g, '');
  return code.length > 0 && code.length <= 32 ? code : undefined;
};

export class RegisterUserDto {
  @ApiProperty({ example: 'Avery Jones' })
  @IsAccountName()
  name!: string;

  @ApiProperty({ example: 'avery@example.com' })
  @Trimmed()
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'Password must be 8–128 characters' })
  @IsString({ message: 'Password must be 8–128 characters' })
  password!: string;

  @ApiPropertyOptional({ description: 'Referral code from a share link' })
  @IsOptional()
  @Transform(referralCode)
  @IsString({ message: 'Invalid referral code' })
  code?: string;
}
