/** What other contexts may use of images; everything else in libs/images is its own (.dependency-cruiser.cjs). */
export * from './queries/fetch-image/fetch-image.query.js';
export { UserImageRepository } from './user-image.repository.js';
export { UploadImageCommand } from './commands/upload-image/upload-image.command.js';
