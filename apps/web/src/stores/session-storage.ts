/** Where the session store persists itself (zustand persist: JSON `{state: {token, user}, version}`). */
export const SESSION_STORAGE_KEY = 'meridian.session';

/**
 * The persisted token, read without creating the session store: the entry's early requests
 * (app/first-screen.ts) run before the store's module has even been downloaded.
 */
export function readStoredToken(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    const token = raw ? (JSON.parse(raw) as { state?: { token?: unknown } } | null)?.state?.token : null;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null; // storage unavailable or not JSON: as the store would, start logged out
  }
}
