import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';
import { copyCalls } from './calls';
import { copyKeys } from './keys';

/** GET /api/follow/provider: the caller's signal-provider profile and its review status. */
export function useProviderProfile() {
  const enabled = useSession((s) => Boolean(s.token) && s.user?.is_demo !== 1);
  return useQuery({
    enabled,
    queryKey: copyKeys.provider,
    queryFn: ({ signal }) => call(copyCalls.provider, undefined, { signal, showErrorMessage: false }),
  });
}
