import { DomainError } from '../shared/domain-error.js';
import { ImageLimits } from './image-limits.js';

const megabytes = ImageLimits.maxUploadBytes / (1024 * 1024);

export const ImageErrors = {
  /** The spec's text (section 8): the type is judged from the bytes, never the name or the label. */
  unsupportedType: () =>
    new DomainError('unsupported-media', 'unsupported-file-type', 'Unsupported file type'),
  fileTooLarge: () =>
    new DomainError('too-large', 'image-too-large', `Images must be ${megabytes} MB or smaller`),
  tooManyPixels: () =>
    new DomainError(
      'too-large',
      'image-too-large',
      `Images must be at most ${ImageLimits.maxInputPixels / 1e6} megapixels`,
    ),
  tooManyFrames: () =>
    new DomainError(
      'too-large',
      'image-too-large',
      `Animated images can have at most ${ImageLimits.maxFrames} frames`,
    ),
  tooManyAnimationPixels: () =>
    new DomainError(
      'too-large',
      'image-too-large',
      `Animated images must be at most ${ImageLimits.maxAnimationPixels / 1e6} megapixels in all frames`,
    ),
  processingBusy: () =>
    new DomainError(
      'throttled',
      'image-processing-busy',
      'Too many photos are being processed right now. Please try again in a moment.',
    ),
  previousUploadBusy: () =>
    new DomainError(
      'throttled',
      'image-processing-busy',
      'Your previous photo is still being processed. Please wait a moment.',
    ),
  uploadsThrottled: () =>
    new DomainError(
      'throttled',
      'too-many-uploads',
      'Too many photo uploads. Please wait a few minutes and try again.',
    ),
  unreadable: () =>
    new DomainError(
      'invalid',
      'unreadable-image',
      'The image could not be read. Please choose another file.',
    ),
  missingFile: () => new DomainError('invalid', 'missing-file', 'Choose an image to upload'),
  noImage: () => new DomainError('not-found', 'no image', 'No image'),
};
