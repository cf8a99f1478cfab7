import { api } from '@/lib/api-client';

/** The API's own image path for a user: GET /image/fetch/{id} (404 when the user has no photo). */
export function imagePathFor(userId: string): string {
  return `/image/fetch/${encodeURIComponent(userId)}`;
}

/**
 * Image URLs in API answers may be absolute (`http://host/api/image/fetch/…`), rooted (`/api/image/…`)
 * or already relative to the API base. Photos are private, so anything on our own `/api` is fetched with the
 * token; anything else (a foreign URL) can be used as a plain <img src>.
 */
export function toApiImagePath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.origin !== window.location.origin) return null;
  if (parsed.pathname.startsWith('/api/')) return parsed.pathname.slice('/api'.length) + parsed.search;
  if (parsed.pathname.startsWith('/image/')) return parsed.pathname + parsed.search;
  return null;
}

/**
 * GET the photo bytes with the bearer token (the endpoint is protected, so a plain <img src> cannot load it).
 * A user's photo keeps its URL across uploads and the server lets browsers cache it for minutes, so the cached
 * copy is always revalidated ('no-cache'): its ETag makes that a cheap 304 unless the photo changed, and a
 * just-uploaded photo shows at once instead of the old one.
 */
export async function fetchImage(path: string, signal?: AbortSignal): Promise<Blob> {
  const { blob, contentType } = await api.getBlob(path, { signal, cache: 'no-cache' });
  // Some servers send bytes as application/octet-stream; keep the declared image type so <img> decodes it.
  return contentType && blob.type !== contentType ? new Blob([blob], { type: contentType }) : blob;
}
