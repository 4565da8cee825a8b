import { useSession } from '../stores/session';
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
