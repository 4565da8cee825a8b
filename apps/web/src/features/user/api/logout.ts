import { request } from '../../../lib/request';

/** Best-effort server logout (the full call comes with the accounts issue): errors are ignored. */
export async function logoutOnServer(): Promise<void> {
  try {
    await request('POST', '/api/user/logout', {}, { showErrorMessage: false, isInitialLoad: true });
  } catch {
    // ignored: the local session ends anyway
  }
}
