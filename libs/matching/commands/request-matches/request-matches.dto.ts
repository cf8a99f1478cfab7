import { ApiProperty } from '@nestjs/swagger';
import { IsId } from '../../../shared/http/is-id.js';

export class RequestMatchesDto {
  @ApiProperty({ format: 'uuid', description: 'Your user id' })
  @IsId('userId must be your user id')
  userId!: string;
}
