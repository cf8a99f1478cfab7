import { Body, Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../../shared/auth/current-user.decorator.js';
import type { AccessTokenClaims } from '../../../shared/auth/access-tokens.js';
import { assertSelf } from '../../../shared/auth/ownership.js';
import { PerUserThrottle } from '../../../shared/http/per-user-throttle.js';
import { ImageErrors } from '../../image-errors.js';
import { ImageLimits } from '../../image-limits.js';
import { UploadErrorsInterceptor } from './upload-errors.interceptor.js';
import { UploadImageCommand } from './upload-image.command.js';
import { UploadImageDto, type UploadedImageFile } from './upload-image.dto.js';

/** No `dest` and no `storage`: multer keeps the file in memory (bounded by fileSize), never on disk. */
const avatarUpload = FileInterceptor('avatar', {
  limits: { fileSize: ImageLimits.maxUploadBytes, files: 1, fields: 4, fieldSize: 1024 },
});

@ApiTags('images')
@ApiBearerAuth()
@Controller('image')
export class UploadImageController {
  constructor(private readonly commands: CommandBus) {}

  @Post('upload')
  @HttpCode(201)
  @PerUserThrottle('photo uploads', 20, 10 * 60_000, ImageErrors.uploadsThrottled)
  @UseInterceptors(UploadErrorsInterceptor, avatarUpload)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['id', 'avatar'],
      properties: { id: { type: 'string', format: 'uuid' }, avatar: { type: 'string', format: 'binary' } },
    },
  })
  upload(
    @CurrentUser() user: AccessTokenClaims,
    @Body() dto: UploadImageDto,
    @UploadedFile() file: UploadedImageFile | undefined,
  ): Promise<{ imageUrl: string }> {
    assertSelf(user, dto.id);
    if (!file || file.size === 0) throw ImageErrors.missingFile();
    return this.commands.execute(new UploadImageCommand(dto.id, file.buffer));
  }
}
