import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsId } from '../../../shared/http/is-id.js';

export class ListMessagesDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'pages back from this message' })
  @IsOptional()
  @IsId('before must be a message id')
  before?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  // Plain digits only: Number() would also read '1e1', '0x10' and ' 5'.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value,
  )
  @IsInt({ message: 'limit must be 1 to 100' })
  @Min(1, { message: 'limit must be 1 to 100' })
  @Max(100, { message: 'limit must be 1 to 100' })
  limit?: number;
}
