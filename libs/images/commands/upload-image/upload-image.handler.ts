import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { imageUrlOf } from '../../../profiles/index.js';
import { ImageErrors } from '../../image-errors.js';
import { ImageJobs } from '../../image-jobs.js';
import { ImageLimits } from '../../image-limits.js';
import { reencodeImage } from '../../image-processing.js';
import { UserImageRepository } from '../../user-image.repository.js';
import { UploadImageCommand } from './upload-image.command.js';

/** One queue per process (handlers are singletons, but the limit is about the process's threads). */
const jobs = new ImageJobs(
  { running: ImageLimits.maxConcurrentJobs, waiting: ImageLimits.maxWaitingJobs },
  { busy: ImageErrors.processingBusy, ownerBusy: ImageErrors.previousUploadBusy },
);

@CommandHandler(UploadImageCommand)
export class UploadImageHandler implements ICommandHandler<UploadImageCommand> {
  constructor(
    private readonly orm: MikroORM,
    private readonly images: UserImageRepository,
  ) {}

  async execute(command: UploadImageCommand): Promise<{ imageUrl: string }> {
    // Only the re-encoded copy is ever stored: the uploaded bytes (and their EXIF) are dropped here.
    const image = await jobs.run(command.userId, () => reencodeImage(command.bytes));
    await this.images.replaceForUser(command.userId, image, this.orm.em.fork());
    return { imageUrl: imageUrlOf(command.userId) };
  }
}
