import { api } from '@/lib/api-client';

export type UploadImageInput = { id: string; file: File };

/** POST /image/upload — multipart `id` + `avatar`; the server answers 413 (too large) or 415 (unsupported). */
export function uploadImage({ id, file }: UploadImageInput): Promise<unknown> {
  const form = new FormData();
  form.append('id', id);
  form.append('avatar', file, file.name);
  return api.postForm<unknown>('/image/upload', form);
}
