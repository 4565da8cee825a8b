import { useEffect, useState } from 'react';

/**
 * An object URL of a Blob for as long as the component shows it; revoked when the Blob changes or
 * the component goes (the drawer closes).
 */
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
