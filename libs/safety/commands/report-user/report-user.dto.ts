import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../report-reasons.js';
import { IsId } from '../../../shared/http/is-id.js';

export class ReportUserDto {
  @ApiProperty({ format: 'uuid' })
  @IsId('userId must be a user id')
  userId!: string;

  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: REPORT_NOTE_MAX })
  @IsOptional()
  @MaxLength(REPORT_NOTE_MAX, { message: `Note must be at most ${REPORT_NOTE_MAX} characters` })
  @IsString({ message: 'note must be text' })
  note?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'a message of your conversation with them' })
  @IsOptional()
  @IsId('messageId must be a message id')
  messageId?: string;
}
