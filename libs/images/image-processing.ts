import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Metadata, OutputInfo, SharpOptions } from 'sharp';
import { ImageErrors } from './image-errors.js';
import { ImageLimits } from './image-limits.js';

// One libvips thread per image: concurrency comes from ImageJobs, not from each job spreading over every core.
sharp.concurrency(1);

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  /** Hex sha256 of `data`. */
  etag: string;
  width: number;
  height: number;
}

/**
 * The format the first bytes announce, or undefined. A cheap gate before any decoder runs, so SVG, PDF, HEIC
 * and friends never reach libvips even when labelled image/png.
 */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/**
 * Re-encodes an uploaded photo so that nothing the user did not mean to share leaves the server:
 * - the type comes from the bytes (magic number, then libvips' own reading must agree);
 * - EXIF orientation is applied to the pixels (`rotate()`), then every metadata block (EXIF with GPS, ICC,
 *   XMP, IPTC) is dropped — sharp writes none unless asked with `withMetadata`/`keep*`, which we never call;
 * - the longest side is capped at 1920 px without enlarging.
 * Output formats: GIF stays GIF (animation kept); JPEG stays JPEG (mozjpeg, quality 85: photos stay photos,
 * every client decodes them); PNG and WebP become WebP (quality 85, transparency and WebP animation kept), as
 * lossless PNG photos run to megabytes at 1920 px while WebP is a fraction of that at no visible loss.
 */
export async function reencodeImage(input: Buffer): Promise<ProcessedImage> {
  const format = sniffFormat(input);
  if (!format) throw ImageErrors.unsupportedType();
  const animated = format === 'gif' || format === 'webp';
  const options: SharpOptions = { animated, limitInputPixels: ImageLimits.maxInputPixels, failOn: 'error' };

  let metadata: Metadata;
  try {
    // Header only, so no pixel limit here: we check the size ourselves to answer 413 rather than 400.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw ImageErrors.unreadable();
  }
  if (metadata.format !== format) throw ImageErrors.unsupportedType();
  // `height` spans every frame of an animation, so this bounds the whole decode.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > ImageLimits.maxInputPixels)
    throw ImageErrors.tooManyPixels();
  if ((metadata.pages ?? 1) > ImageLimits.maxFrames) throw ImageErrors.tooManyFrames();
  if (
    (metadata.pages ?? 1) > 1 &&
    (metadata.width ?? 0) * (metadata.height ?? 0) > ImageLimits.maxAnimationPixels
  )
    throw ImageErrors.tooManyAnimationPixels();

  const pipeline = sharp(input, options)
    .rotate()
    .resize(ImageLimits.maxSide, ImageLimits.maxSide, { fit: 'inside', withoutEnlargement: true });
  const encoded =
    format === 'gif'
      ? { pipeline: pipeline.gif(), contentType: 'image/gif' }
      : format === 'jpeg'
        ? {
            pipeline: pipeline.jpeg({ quality: ImageLimits.quality, mozjpeg: true }),
            contentType: 'image/jpeg',
          }
        : { pipeline: pipeline.webp({ quality: ImageLimits.quality }), contentType: 'image/webp' };

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await encoded.pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated or corrupt data that the header did not give away.
    throw ImageErrors.unreadable();
  }
  return {
    data: output.data,
    contentType: encoded.contentType,
    etag: createHash('sha256').update(output.data).digest('hex'),
    width: output.info.width,
    // For an animation libvips reports the frames stacked; the picture is one frame high.
    height: output.info.pageHeight ?? output.info.height,
  };
}
