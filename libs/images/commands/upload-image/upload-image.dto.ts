import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { ProfileMessages } from '../../../profiles/index.js';

/** The multipart text fields; the file itself (`avatar`) comes through the FileInterceptor. */
export class UploadImageDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: ProfileMessages.userId })
  id!: string;
}

/** What the route reads from multer's file (memory storage keeps it in `buffer`). */
export interface UploadedImageFile {
  buffer: Buffer;
  size: number;
}
