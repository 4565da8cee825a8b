import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { categoryKeys } from '../features/market/api/get-categories';
import { getTradeList, tradeListKeys } from '../features/market/api/get-trade-list';
import { calls } from '../lib/calls';
import { currentLanguage, i18n, initI18n, onLanguageChanged } from '../lib/i18n';
import { whenIdle } from '../lib/idle';
import { readLanguageCookie } from '../lib/language';
import { queryClient } from '../lib/query-client';
import { wireRealtime } from '../lib/realtime';
import { call, configureRequest, fetchManifest } from '../lib/request';
import { resetSession } from '../lib/session';
import { showLoadingToast, toast } from '../lib/toast';
import { getToken } from '../stores/session';
import { setupAntdMobile } from './antd-setup';
import { App } from './app';
import { isHomePath, takeFirstScreen } from './first-screen';
import { router } from './router';

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
  configureRequest({
    getToken,
    // Before the catalog is in, the cookie already names the language.
    getLanguage: () => (i18n.isInitialized ? currentLanguage() : readLanguageCookie()),
    toast,
    showLoading: showLoadingToast,
    onSessionInvalid: () => {
      resetSession();
      void router.navigate('/login', { replace: true });
    },
  });
  wireRealtime();
  prefetchFirstScreen();
  await initI18n();
  document.title = i18n.t('app.name');
  // Server-translated data (category names, msg) follows the language.
  onLanguageChanged(() => void queryClient.invalidateQueries());

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

  // The spec's silent manifest request, off the critical path.
  whenIdle(() => void fetchManifest(), 5_000);
}
