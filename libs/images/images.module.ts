import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ProfilePhotos } from '../profiles/index.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { UserImage } from './user-image.entity.js';
import { UserImageRepository } from './user-image.repository.js';
import { UserImagePhotos } from './user-image-photos.js';
import { UploadImageHandler } from './commands/upload-image/upload-image.handler.js';
import { UploadImageController } from './commands/upload-image/upload-image.controller.js';
import { FetchImageHandler } from './queries/fetch-image/fetch-image.handler.js';
import { FetchImageController } from './queries/fetch-image/fetch-image.controller.js';

/**
 * The profile photo: upload (checked, re-encoded, stripped) and fetch (profile read rule, ETag); tells
 * profiles who has one (the ProfilePhotos port).
 */
@Module({
  imports: [MikroOrmModule.forFeature([UserImage]), ProfilesModule],
  controllers: [UploadImageController, FetchImageController],
  providers: [
    UserImageRepository,
    UploadImageHandler,
    FetchImageHandler,
    { provide: ProfilePhotos, useClass: UserImagePhotos },
  ],
  exports: [ProfilePhotos],
})
export class ImagesModule {}
