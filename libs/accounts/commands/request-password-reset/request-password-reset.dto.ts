import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmailAddress } from '../../email-address.js';

export class RequestPasswordResetDto {
  /** Trimmed, as sign-up and sign-in take it: an address pasted with a space still gets its link. */
  @ApiProperty({ example: 'avery@example.com' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmailAddress()
  email!: string;
}
