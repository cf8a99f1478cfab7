import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsAccountName } from '../../account-name.js';
import { IsEmailAddress } from '../../email-address.js';
import { IsOptional, IsString, Length, Matches } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterUserDto {
  @ApiProperty({ example: 'Avery Jones' })
  @IsAccountName()
  name!: string;

  @ApiProperty({ example: 'avery@example.com' })
  @Transform(trim)
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsString({ message: 'Password must be 8 to 128 characters' })
  @Length(8, 128, { message: 'Password must be 8 to 128 characters' })
  password!: string;

  @ApiPropertyOptional({ description: 'Referral code from a share link' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Invalid referral code' })
  @Matches(/^[A-Za-z0-9]{0,32}$/, { message: 'Invalid referral code' })
  code?: string;
}
