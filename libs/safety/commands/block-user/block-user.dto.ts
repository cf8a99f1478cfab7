import { ApiProperty } from '@nestjs/swagger';
import { IsId } from '../../../shared/http/is-id.js';

export class BlockUserDto {
  @ApiProperty({ format: 'uuid' })
  @IsId('userId must be a user id')
  userId!: string;
}
