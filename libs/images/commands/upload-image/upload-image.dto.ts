import { ApiProperty } from '@nestjs/swagger';
import { ProfileMessages } from '../../../profiles/index.js';
import { IsId } from '../../../shared/http/is-id.js';

/** The multipart text fields; the file itself (`avatar`) comes through the FileInterceptor. */
export class UploadImageDto {
  @ApiProperty({ format: 'uuid' })
  @IsId(ProfileMessages.userId)
  id!: string;
}

/** What the route reads from multer's file (memory storage keeps it in `buffer`). */
export interface UploadedImageFile {
  buffer: Buffer;
  size: number;
}
