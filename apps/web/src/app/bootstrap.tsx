import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { categoryKeys } from '../features/market/api/get-categories';
import { getTradeList, tradeListKeys } from '../features/market/api/get-trade-list';
import { checkCompanyStatus } from '../features/product/company-entry';
import { calls } from '../lib/calls';
import { currentLanguage, i18n, initI18n, onLanguageChanged } from '../lib/i18n';
import { queueIdle, whenIdle, yieldToMain } from '../lib/idle';
import { readLanguageCookie } from '../lib/language';
import { queryClient } from '../lib/query-client';
import { socket, wireRealtime } from '../lib/realtime';
import { call, configureRequest, fetchManifest, preloadHttpClient, TransportError } from '../lib/request';
import { endsCurrentSession, followOtherTabs, resetSession, watchAccountChanges } from '../lib/session';
import { preloadToast, showLoadingToast, toast } from '../lib/toast';
import { getToken } from '../stores/session';
import { setupAntdMobile } from './antd-setup';
import { isHomePath, takeFirstScreen } from './first-screen';

/**
 * On a cold start at `/`, the home screen's data comes from the requests the entry started before
 * this code arrived (first-screen.ts), instead of being requested only now.
 */
function prefetchFirstScreen(): void {
  if (!isHomePath()) return;
  void queryClient.prefetchQuery({
    queryKey: tradeListKeys.search(''),
    queryFn: () => takeFirstScreen(calls.tradeList.path, () => getTradeList('')),
  });
  void queryClient.prefetchQuery({
    queryKey: categoryKeys.lang(readLanguageCookie()),
    queryFn: () => takeFirstScreen(calls.categories.path, () => call(calls.categories)),
  });
}

export async function bootstrap(container: HTMLElement): Promise<void> {
  setupAntdMobile();
  /** To /login with where the trader was as `from`, so signing in again goes back there. */
  const toLogin = () =>
    void import('./router').then(({ router }) => {
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      void router.navigate(`/login?from=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
  /**
   * The session ended while in use (spec §5: 999 → /login), if `ended` is the one this tab holds.
   * A socket refusal shows its reason (an API call's 999 toasts its own). Says whether it ended.
   */
  const sessionEnded = (ended: string | null, reason?: string): boolean => {
    if (!endsCurrentSession(ended)) return false;
    resetSession();
    if (reason) toast(reason);
    toLogin();
    return true;
  };
  /**
   * A socket's 999 names the token it holds when the answer arrives, which may already be a newer
   * one than the login it answers (it reconnected as this tab signed in again, or followed another
   * tab's sign-in): the server is asked whether the session held now is over before acting on it.
   */
  const socketRefused = async (wasLoggedIn: boolean, msg: string, token: string | null) => {
    if (!endsCurrentSession(token)) return;
    if (token) {
      const over = await call(calls.userInfo, undefined, {
        isInitialLoad: true,
        showErrorMessage: false,
        silent: true,
      }).then(
        () => false,
        (err: unknown) => !(err instanceof TransportError) && (err as { code?: unknown }).code === 999,
      );
      if (!over) return;
    }
    if (wasLoggedIn) sessionEnded(token, msg);
    else if (endsCurrentSession(token)) resetSession();
  };
  configureRequest({
    getToken,
    // Before the catalog is in, the cookie already names the language.
    getLanguage: () => (i18n.isInitialized ? currentLanguage() : readLanguageCookie()),
    toast,
    showLoading: showLoadingToast,
    onSessionInvalid: (sentToken) => sessionEnded(sentToken),
  });
  // Spec §7: a visitor who entered through a company now out of service goes to its loss_url; asked once per start.
  void checkCompanyStatus();
  wireRealtime({
    onResumed: () => void import('./after-gap').then(({ reloadAfterGap }) => reloadAfterGap()),
    // Revoked while in use (logged out elsewhere, password changed): as an API call's 999. A token
    // already stale when the app opened is only forgotten, as the first screen's calls do.
    onSessionRefused: (wasLoggedIn, msg, token) => void socketRefused(wasLoggedIn, msg, token),
  });
  prefetchFirstScreen();
  const i18nReady = initI18n();
  // Start-up runs in a few tasks, not one long one: the router (created when its module is
  // evaluated) and the first render each get their own. The modules are preloaded by index.html.
  await yieldToMain();
  const { App } = await import('./app');
  await i18nReady;
  document.title = i18n.t('app.name');
  // Server-translated data (category names, msg) follows the language.
  onLanguageChanged(() => {
    void queryClient.invalidateQueries();
    // The socket's replies learn the language from its URL (`?lang=`): connect again with it.
    socket.reopen();
  });
  watchAccountChanges();
  // Signed out in another tab: this one leaves the screens that need a session too.
  followOtherTabs(toLogin);

  await yieldToMain();
  // A transition: the first render of the app is interruptible (yields to the browser every few
  // milliseconds) instead of one long task.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

  // The HTTP client (in its own task, ahead of the rows' sparkline requests that queue behind it),
  // then the spec's silent manifest request: off the critical path.
  queueIdle(preloadHttpClient);
  // The toast module before it is needed: an order refused after the connection dropped must
  // still show its message (toast.ts falls back to a plain one if this did not happen either).
  queueIdle(preloadToast);
  whenIdle(() => void fetchManifest(), 5_000);
}
