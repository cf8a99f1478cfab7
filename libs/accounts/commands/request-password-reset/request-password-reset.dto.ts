import { ApiProperty } from '@nestjs/swagger';
import { IsEmailAddress } from '../../email-address.js';

export class RequestPasswordResetDto {
  @ApiProperty({ example: 'avery@example.com' })
  @IsEmailAddress()
  email!: string;
}
