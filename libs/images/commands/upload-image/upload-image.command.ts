import { Command } from '@nestjs/cqrs';

export class UploadImageCommand extends Command<{ imageUrl: string }> {
  constructor(
    readonly userId: string,
    readonly bytes: Buffer,
  ) {
    super();
  }
}
