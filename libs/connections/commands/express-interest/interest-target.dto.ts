import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

/** `{userId}`: the member an interest is about (express, decline). */
export class InterestTargetDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'userId must be a user id' })
  userId!: string;
}
