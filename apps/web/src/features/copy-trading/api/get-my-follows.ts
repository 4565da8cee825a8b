import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';
import { copyCalls } from './calls';
import { copyKeys } from './keys';

/**
 * GET /api/follow/mine: the caller's follows, live ones first, then the 10 most recently stopped.
 * Real accounts only (a demo account is shown the real-account notice instead). Between loads the
 * COPY_TRADE pushes keep each follow's figures and copies live (`hooks/use-copy-pushes.ts`).
 */
export function useMyFollows() {
  const enabled = useSession((s) => Boolean(s.token) && s.user?.is_demo !== 1);
  return useQuery({
    enabled,
    queryKey: copyKeys.mine,
    queryFn: ({ signal }) => call(copyCalls.mine, undefined, { signal, showErrorMessage: false }),
  });
}
