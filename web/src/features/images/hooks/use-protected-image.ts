import { useEffect, useState } from 'react';
import { fetchImage, toApiImagePath } from '../api/fetch-image';

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
  const [state, setState] = useState<ProtectedImage>({ src: null, status: url ? 'loading' : 'none' });

  useEffect(() => {
    if (!url) {
      setState({ src: null, status: 'none' });
      return;
    }
    const apiPath = toApiImagePath(url);
    if (apiPath === null) {
      setState({ src: url, status: 'ready' });
      return;
    }

    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, status: 'loading' });
    fetchImage(apiPath, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, status: 'ready' });
      },
      () => {
        if (!controller.signal.aborted) setState({ src: null, status: 'missing' });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return state;
}
