import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';
import { realNameCalls } from './calls';

/** Under `['user']`: forgotten with the account (lib/session.ts) when the session ends or changes. */
export const realNameKeys = {
  center: ['user', 'real-name'] as const,
};

/**
 * GET /api/user_real/center: the latest submission and its review status (0 when none). Not asked
 * for a demo account (the server refuses it; the screen says so itself).
 */
export function useRealName() {
  const isReal = useSession((s) => s.token !== null && s.user?.is_demo !== 1);
  return useQuery({
    enabled: isReal,
    queryKey: realNameKeys.center,
    // The request layer's toast would repeat what the screen's error state says.
    queryFn: ({ signal }) => call(realNameCalls.center, undefined, { signal, showErrorMessage: false }),
    staleTime: 0,
  });
}
