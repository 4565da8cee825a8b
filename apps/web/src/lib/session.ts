import { useSession } from '../stores/session';
import { readStoredToken, SESSION_STORAGE_KEY } from '../stores/session-storage';
import { queryClient } from './query-client';

/** Cached queries that belong to the signed-in account. */
const ACCOUNT_QUERIES = [['user'], ['wallet'], ['orders']];

function forgetAccountQueries() {
  for (const queryKey of ACCOUNT_QUERIES) queryClient.removeQueries({ queryKey });
}

/** Ends the session locally: the stored token and user, and every cached user-specific query. */
export function resetSession(): void {
  useSession.getState().clear();
  forgetAccountQueries();
}

/**
 * When the account changes without a logout (a demo user signing in to a real account), nothing
 * cached for the previous account may show for the next one.
 */
export function watchAccountChanges(): () => void {
  return useSession.subscribe((next, prev) => {
    if (next.token !== prev.token) forgetAccountQueries();
  });
}

/**
 * Whether a refusal about the session `ended` (the token a call or the socket used) is about the
 * session this tab holds now. Not when the tab holds another already (signed in again while the
 * call was out: the server ended the replaced one), nor when another tab has signed in since: this
 * tab then takes that session from storage, where clearing would have signed every tab out.
 */
export function endsCurrentSession(ended: string | null): boolean {
  const held = useSession.getState().token;
  if (ended !== held) return false;
  const stored = readStoredToken();
  if (stored !== null && stored !== held) {
    void useSession.persist.rehydrate();
    return false;
  }
  return true;
}

/**
 * Another tab signed in or out: this one follows (its socket logs in with the session it now holds);
 * `onSignedOut` when it held a session and now holds none.
 */
export function followOtherTabs(onSignedOut: () => void = () => {}): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== SESSION_STORAGE_KEY) return;
    const before = useSession.getState().token;
    void Promise.resolve(useSession.persist.rehydrate()).then(() => {
      if (before !== null && useSession.getState().token === null) onSignedOut();
    });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
