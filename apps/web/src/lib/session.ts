import { useSession } from '../stores/session';
import { queryClient } from './query-client';

/** Ends the session locally: the stored token and user, and every cached user-specific query. */
export function resetSession(): void {
  useSession.getState().clear();
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['wallet'] });
}
