import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { UserImage } from './user-image.entity.js';
import { UserImageRepository } from './user-image.repository.js';
import { UploadImageHandler } from './commands/upload-image/upload-image.handler.js';
import { UploadImageController } from './commands/upload-image/upload-image.controller.js';
import { FetchImageHandler } from './queries/fetch-image/fetch-image.handler.js';
import { FetchImageController } from './queries/fetch-image/fetch-image.controller.js';

/** The profile photo: upload (checked, re-encoded, stripped) and fetch (profile read rule, ETag). */
@Module({
  imports: [MikroOrmModule.forFeature([UserImage]), ProfilesModule],
  controllers: [UploadImageController, FetchImageController],
  providers: [UserImageRepository, UploadImageHandler, FetchImageHandler],
})
export class ImagesModule {}
