import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class BlockUserDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'userId must be a user id' })
  userId!: string;
}
