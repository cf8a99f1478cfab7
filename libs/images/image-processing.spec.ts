import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../shared/domain-error.js';
import { animatedGif, exifHasGps, image, jpegWithGpsExif, SVG, TEXT } from '../../test/fixtures/images.js';
import { reencodeImage, sniffFormat } from './image-processing.js';

async function failure(input: Buffer): Promise<DomainError> {
  try {
    await reencodeImage(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected the image to be refused');
}

describe('reencodeImage', () => {
  it.each([
    ['png', 'image/webp', 'webp'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
  ] as const)('re-encodes %s as %s at its own size', async (format, contentType, outputFormat) => {
    const result = await reencodeImage(await image(format, 64, 48));
    expect(result.contentType).toBe(contentType);
    const metadata = await sharp(result.data).metadata();
    expect(metadata).toMatchObject({ format: outputFormat, width: 64, height: 48 });
    expect(result).toMatchObject({ width: 64, height: 48 });
    expect(result.etag).toBe(createHash('sha256').update(result.data).digest('hex'));
  });

  it('caps the longest side at 1920 px, keeping the aspect ratio, and never enlarges', async () => {
    const wide = await reencodeImage(await image('png', 3000, 1500));
    expect(await sharp(wide.data).metadata()).toMatchObject({ width: 1920, height: 960 });
    const tall = await reencodeImage(await image('jpeg', 1000, 2400));
    expect(await sharp(tall.data).metadata()).toMatchObject({ width: 800, height: 1920 });
    const small = await reencodeImage(await image('jpeg', 300, 200));
    expect(await sharp(small.data).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('applies the EXIF orientation to the pixels, then drops EXIF (GPS included), ICC and XMP', async () => {
    const input = await jpegWithGpsExif();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 120, height: 80 });
    expect(exifHasGps(before.exif)).toBe(true);

    const result = await reencodeImage(input);
    const after = await sharp(result.data).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 80, height: 120 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(result.data.includes(Buffer.from('FixtureCam'))).toBe(false);
  });

  it('keeps an animated GIF animated', async () => {
    const result = await reencodeImage(await animatedGif(3, 40, 30));
    expect(result).toMatchObject({ contentType: 'image/gif', width: 40, height: 30 });
    expect(await sharp(result.data, { animated: true }).metadata()).toMatchObject({
      pages: 3,
      pageHeight: 30,
    });
  });

  it('refuses an animation whose frames together have more pixels than re-encoding it may cost', async () => {
    // 3 frames of 2000x1400: 8.4 megapixels in all, each a still photo's size.
    expect(await failure(await animatedGif(3, 2000, 1400))).toMatchObject({
      kind: 'too-large',
      message: 'Animated images must be at most 8 megapixels in all frames',
    });
  });

  it.each([
    ['plain text', TEXT],
    ['SVG', SVG],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as an unsupported file type', async (_name, input) => {
    expect(await failure(input)).toMatchObject({
      kind: 'unsupported-media',
      message: 'Unsupported file type',
    });
  });

  it('refuses formats sharp reads but the product does not allow (TIFF)', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .tiff()
      .toBuffer();
    expect(await failure(tiff)).toMatchObject({ kind: 'unsupported-media' });
  });

  it('refuses a file whose header is right but whose data is cut off', async () => {
    const png = await image('png', 200, 200);
    expect(await failure(png.subarray(0, 120))).toMatchObject({ kind: 'invalid', code: 'unreadable-image' });
  });

  it('refuses images whose pixel count would make decoding too costly', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    expect(await failure(huge)).toMatchObject({ kind: 'too-large', code: 'image-too-large' });
  });
});

describe('sniffFormat', () => {
  it('reads the magic numbers of the four allowed formats and nothing else', async () => {
    expect(sniffFormat(await image('png'))).toBe('png');
    expect(sniffFormat(await image('jpeg'))).toBe('jpeg');
    expect(sniffFormat(await image('webp'))).toBe('webp');
    expect(sniffFormat(await image('gif'))).toBe('gif');
    expect(sniffFormat(SVG)).toBeUndefined();
    expect(sniffFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });
});
