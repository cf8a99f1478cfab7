import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class RequestMatchesDto {
  @ApiProperty({ format: 'uuid', description: 'Your user id' })
  @IsUUID('all', { message: 'userId must be your user id' })
  userId!: string;
}
