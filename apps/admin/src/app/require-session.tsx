import { Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { ErrorState } from '../components/error-state';
import { Forbidden } from '../components/forbidden';
import { useSignOut } from '../features/auth/use-sign-out';
import { useMe, useSignedInStaff } from '../lib/me';
import { getToken } from '../lib/session';
import { canOpenScreen, type ScreenKey } from './screens';

/**
 * Guard of every signed-in screen: no token → /login; the member is loaded (GET /auth/me after a
 * reload); a role that must enrol a second factor first → /totp.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  if (!getToken()) return <Navigate to="/login" replace />;
  if (me.isPending) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (me.isError) {
    return (
      <Flex vertical align="center" justify="center" style={{ minHeight: '100vh' }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        <Button onClick={signOut}>{t('header.logout')}</Button>
      </Flex>
    );
  }
  if (me.data.mustEnrolTotp) return <Navigate to="/totp" replace />;
  return <Outlet />;
}

/** A screen's route: its content when the role may use it, a 403 otherwise. */
export function ScreenGate({ screen }: { screen: ScreenKey }) {
  const staff = useSignedInStaff();
  return canOpenScreen(staff.role, screen) ? <Outlet /> : <Forbidden />;
}
