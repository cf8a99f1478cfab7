import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../shared/http/is-id.js';

export class ResendVerificationDto {
  @ApiProperty({ format: 'uuid' })
  @IsId('Invalid account id')
  id!: string;
}

/** The spec's client also sends name and email; they are accepted and ignored: the mail goes to the stored address. */
export class RequestVerificationDto extends ResendVerificationDto {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(100)
  @IsString()
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(254)
  @IsString()
  email?: string;
}
