import imageCompression from 'browser-image-compression';

export const ALLOWED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export function isAllowedImage(file: File): boolean {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

/**
 * Shrinks a photo before upload (spec §9: at most 1 MB, longest side 1920 px, initial quality 0.9).
 * The web worker stays off: the library would otherwise load its worker script from a CDN.
 */
export async function compressImage(file: File): Promise<File> {
  const result: Blob = await imageCompression(file, {
    maxSizeMB: 1,
    maxWidthOrHeight: 1920,
    initialQuality: 0.9,
    useWebWorker: false,
  });
  // The library may hand back a Blob without a name; the upload needs a named File.
  return result instanceof File ? result : new File([result], file.name, { type: result.type || file.type });
}
