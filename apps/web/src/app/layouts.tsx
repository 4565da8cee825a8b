import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { tradeListKeys } from '../features/market/api/get-trade-list';
import { useMarginCallAlert } from '../features/orders/hooks/use-margin-call-alert';
import { dismissOpenConfirms } from '../lib/confirm';
import { queryClient } from '../lib/query-client';
import { socket, useQuotesLive } from '../lib/realtime';
import { useSession } from '../stores/session';
import { TabBar } from './tab-bar';

/** Paths whose arrival refreshes the trade list (spec §2). */
const TRADE_LIST_PATHS = new Set(['/', '/trade']);

/** Root of every screen: scroll reset, socket connection and trade-list refresh on navigation. */
export function RootLayout() {
  const location = useLocation();
  const first = useRef(true);
  useMarginCallAlert();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    // Spec §2: every navigation starts at the top, a back navigation too (not the browser's
    // restored position).
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
    dismissOpenConfirms();
    socket.ensureConnected();
    if (first.current) {
      first.current = false; // the first screen fetches on its own
      return;
    }
    if (TRADE_LIST_PATHS.has(location.pathname)) {
      void queryClient.invalidateQueries({ queryKey: tradeListKeys.all });
    }
    // The key alone misses a hash typed or linked to (a history entry without state has the key
    // 'default', as the first one has): the path and query tell those apart.
  }, [location.key, location.pathname, location.search]);
  return (
    <>
      <Outlet />
      <ConnectionAnnouncer />
    </>
  );
}

/**
 * Tells screen readers when live prices stop and start again. The region is always there and only
 * its text changes (a region inserted with its text is often not read out); the screens show the
 * same state visually (dimmed prices, 'Reconnecting…').
 */
function ConnectionAnnouncer() {
  const { t } = useTranslation();
  const live = useQuotesLive();
  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="connection-status">
      {live ? '' : t('trade.reconnecting')}
    </p>
  );
}

/** Screens "with footer" (spec §2) share the bottom tab bar. */
export function FooterLayout() {
  return (
    <div className="page--footer">
      <Outlet />
      <TabBar />
    </div>
  );
}

/**
 * Router guard of /order and /user: logged-out visitors go to /login?from=<path+query>.
 * Checked on navigation (not on every session change): logout and code 999 navigate themselves,
 * and a reactive guard would race them with its own /login redirect.
 */
export function RequireAuth() {
  const { pathname, search } = useLocation();
  const token = useSession.getState().token;
  if (!token) return <Navigate to={`/login?from=${encodeURIComponent(pathname + search)}`} replace />;
  return <Outlet />;
}

export function BootFallback() {
  return (
    <div className="boot-fallback" role="status" aria-live="polite">
      <div id="boot" aria-hidden="true">
        <i />
      </div>
    </div>
  );
}
