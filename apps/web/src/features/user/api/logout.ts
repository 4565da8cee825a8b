import { calls } from '../../../lib/calls';
import { call } from '../../../lib/request';

/**
 * POST /api/user/logout: revokes this session's token (and its sockets) on the server. The local
 * session ends whatever the answer, so failures are silent and a 999 (token already revoked) is
 * not acted on here: the caller resets and navigates itself.
 */
export async function logoutOnServer(): Promise<void> {
  try {
    await call(calls.logout, undefined, { showErrorMessage: false, isInitialLoad: true, loading: true });
  } catch {
    // ignored: the local session ends anyway
  }
}
