import { ApiProperty } from '@nestjs/swagger';
import { IsId } from '../../../shared/http/is-id.js';

/** `{userId}`: the member an interest is about (express, decline). */
export class InterestTargetDto {
  @ApiProperty({ format: 'uuid' })
  @IsId('userId must be a user id')
  userId!: string;
}
