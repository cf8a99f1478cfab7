import { useEffect, useState } from 'react';
import { fetchImage, toApiImagePath } from './fetch-image';

export type ProtectedImage = {
  /** Something an <img src> can show: a blob URL for our own API, the URL itself otherwise. */
  src: string | null;
  status: 'none' | 'loading' | 'ready' | 'missing';
};

/**
 * Loads a private photo with the bearer token and exposes it as a blob URL, revoked when the URL changes or the
 * component unmounts. `null` means "no photo"; a 404 or any failure ends as `missing` (the UI shows a placeholder).
 */
export function useProtectedImage(url: string | null | undefined): ProtectedImage {
  const apiPath = url ? toApiImagePath(url) : null;
  // Tagged with the URL it was loaded for, so a changed URL reads as loading until its own answer arrives.
  const [settled, setSettled] = useState<{ url: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!url || apiPath === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchImage(apiPath, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setSettled({ url, src: objectUrl });
      },
      () => {
        if (!controller.signal.aborted) setSettled({ url, src: null });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, apiPath]);

  if (!url) return { src: null, status: 'none' };
  if (apiPath === null) return { src: url, status: 'ready' };
  if (settled?.url !== url) return { src: null, status: 'loading' };
  return settled.src ? { src: settled.src, status: 'ready' } : { src: null, status: 'missing' };
}
