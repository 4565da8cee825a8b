import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { categoryKeys } from '../features/market/api/get-categories';
import { getTradeList, tradeListKeys } from '../features/market/api/get-trade-list';
import { calls } from '../lib/calls';
import { currentLanguage, i18n, initI18n, onLanguageChanged } from '../lib/i18n';
import { readLanguageCookie } from '../lib/language';
import { queryClient } from '../lib/query-client';
import { wireRealtime } from '../lib/realtime';
import { call, configureRequest, fetchManifest } from '../lib/request';
import { resetSession } from '../lib/session';
import { showLoadingToast, toast } from '../lib/toast';
import { getToken } from '../stores/session';
import { setupAntdMobile } from './antd-setup';
import { App } from './app';
import { router } from './router';

/**
 * On a cold start at `/`, fetch the home chunk and its data while the catalog loads, instead of
 * one after the other (catalog → route chunk → trade list).
 */
function prefetchFirstScreen(): void {
  const path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  if (path !== '/') return;
  void import('./routes/home');
  void queryClient.prefetchQuery({ queryKey: tradeListKeys.search(''), queryFn: () => getTradeList('') });
  void queryClient.prefetchQuery({
    queryKey: categoryKeys.lang(readLanguageCookie()),
    queryFn: () => call(calls.categories),
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

  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

  // The spec's silent manifest request, off the critical path.
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
  idle(() => void fetchManifest());
}
