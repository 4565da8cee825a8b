import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openConfirm } from '../../../lib/confirm';
import { socket } from '../../../lib/realtime';
import { resetSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { logoutOnServer } from '../api/logout';

/**
 * Logout (spec §4): confirmation → server call (revokes the token) → local reset → `/` →
 * 'Successful exit'. The screen is left before the reset, or the guard of /user would answer the
 * reset with its own redirect to /login.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await openConfirm({
      title: t('user.logoutTitle'),
      content: t('user.logoutConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    }).result;
    if (!confirmed) return;
    // The socket leaves first: the server's revocation of this session would otherwise reach it as
    // 'logged out elsewhere' (a second navigation, to /login) while this logout is under way.
    socket.logout();
    await logoutOnServer(); // the local session ends whatever it answers
    await navigate('/', { replace: true });
    resetSession();
    toast(t('user.logoutDone'));
  };
}
