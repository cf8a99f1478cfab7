import { ApiProperty } from '@nestjs/swagger';
import { IsEmailAddress } from '../../email-address.js';
import { Trimmed } from '../../../shared/http/trimmed.js';

export class RequestPasswordResetDto {
  /** Trimmed, as sign-up and sign-in take it: an address pasted with a space still gets its link. */
  @ApiProperty({ example: 'avery@example.com' })
  @Trimmed()
  @IsEmailAddress()
  email!: string;
}
