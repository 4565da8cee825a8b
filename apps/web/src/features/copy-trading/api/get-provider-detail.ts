import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';
import { copyCalls } from './calls';
import { copyKeys } from './keys';

/**
 * GET /api/follow/detail: a provider's page (figures, the 90-day curve, instruments, recent
 * trades, the caller's live follow of them). The session is part of what it answers
 * (`my_follow_id`), so a login or logout asks again. A refusal (no such provider) is shown in the
 * screen's own place, not toasted as well.
 */
export function useProviderDetail(id: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    enabled: id !== null,
    queryKey: [...copyKeys.detail(id ?? 0), token ? 'in' : 'out'],
    queryFn: ({ signal }) => call(copyCalls.detail, { id: id ?? 0 }, { signal, showErrorMessage: false }),
  });
}
