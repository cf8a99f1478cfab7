import { ApiProperty } from '@nestjs/swagger';
import { IsId } from '../../../shared/http/is-id.js';

export class MarkReadDto {
  @ApiProperty({ format: 'uuid', description: 'the last message read' })
  @IsId('messageId must be a message id')
  messageId!: string;
}
