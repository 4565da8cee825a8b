import { useQuery } from '@tanstack/react-query';
import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';
import { useSession } from '../../../stores/session';

/** GET /api/user/info: the logged-in user; keeps the stored user in step. */
export const userKeys = {
  all: ['user'] as const,
  info: ['user', 'info'] as const,
};

export function useUserInfo() {
  const token = useSession((s) => s.token);
  return useQuery({
    enabled: Boolean(token), // never asked for once the session ended (it would answer 999)
    queryKey: userKeys.info,
    queryFn: async () => {
      const user = await call(calls.userInfo);
      useSession.getState().setUser(user);
      return user;
    },
  });
}
