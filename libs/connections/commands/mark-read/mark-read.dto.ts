import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class MarkReadDto {
  @ApiProperty({ format: 'uuid', description: 'the last message read' })
  @IsUUID('all', { message: 'messageId must be a message id' })
  messageId!: string;
}
