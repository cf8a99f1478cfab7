import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsId } from '../../../shared/http/is-id.js';

export class ListMessagesDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'pages back from this message' })
  @IsOptional()
  @IsId('before must be a message id')
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be 1 to 100' })
  @Min(1, { message: 'limit must be 1 to 100' })
  @Max(100, { message: 'limit must be 1 to 100' })
  limit?: number;
}
