import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { categoryKeys } from '../features/market/api/get-categories';
import { getTradeList, tradeListKeys } from '../features/market/api/get-trade-list';
import { calls } from '../lib/calls';
import { currentLanguage, i18n, initI18n, onLanguageChanged } from '../lib/i18n';
import { queueIdle, whenIdle, yieldToMain } from '../lib/idle';
import { readLanguageCookie } from '../lib/language';
import { queryClient } from '../lib/query-client';
import { socket, wireRealtime } from '../lib/realtime';
import { call, configureRequest, fetchManifest, preloadHttpClient } from '../lib/request';
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
  /**
   * The session ended while in use (spec §5: 999 → /login). The login screen gets where the trader
   * was as `from`, so signing in again goes back there; a socket refusal shows its reason (an API
   * call's 999 has already toasted its own).
   */
  const sessionEnded = (ended: string | null, reason?: string) => {
    if (!endsCurrentSession(ended)) return;
    resetSession();
    if (reason) toast(reason);
    void import('./router').then(({ router }) => {
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      void router.navigate(`/login?from=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
  };
  configureRequest({
    getToken,
    // Before the catalog is in, the cookie already names the language.
    getLanguage: () => (i18n.isInitialized ? currentLanguage() : readLanguageCookie()),
    toast,
    showLoading: showLoadingToast,
    onSessionInvalid: (sentToken) => sessionEnded(sentToken),
  });
  wireRealtime({
    onResumed: () => void import('./after-gap').then(({ reloadAfterGap }) => reloadAfterGap()),
    // Revoked while in use (logged out elsewhere, password changed): as an API call's 999. A token
    // already stale when the app opened is only forgotten, as the first screen's calls do.
    onSessionRefused: (wasLoggedIn, msg, token) =>
      wasLoggedIn ? sessionEnded(token, msg) : endsCurrentSession(token) && resetSession(),
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
  followOtherTabs();

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
