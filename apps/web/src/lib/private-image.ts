import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getToken } from '../stores/session';
import { assetUrl } from './api-host';

/** The server answered, and not with the image (gone, or not the caller's): asking again will not help. */
class ImageRefused extends Error {}

/**
 * A private upload (a deposit proof, an ID image: the owner and staff only) needs the session's
 * `authorization` header, which an `<img src>` cannot send: it is fetched as a Blob and shown
 * through an object URL. A refusal answers an envelope (HTTP 200, JSON), not an image: that is a
 * failure too.
 */
export async function fetchPrivateImage(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(assetUrl(url), { headers: { authorization: getToken() ?? '' }, signal });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/')) throw new ImageRefused(`private image ${res.status} ${type}`);
  return res.blob();
}

/** An object URL of a Blob while the component shows it, revoked when the Blob changes or it unmounts. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const href = URL.createObjectURL(blob);
    setSrc(href);
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  return src;
}

/** A private image's object URL (null while loading or when it could not be read) and its state. */
export function usePrivateImage(url: string) {
  const query = useQuery({
    queryKey: ['user', 'private-image', url],
    queryFn: ({ signal }) => fetchPrivateImage(url, signal),
    enabled: url !== '',
    staleTime: Number.POSITIVE_INFINITY, // a stored image never changes under its name
    retry: (count, err) => !(err instanceof ImageRefused) && count < 1,
  });
  return { src: useObjectUrl(query.data), isError: query.isError || url === '' };
}
