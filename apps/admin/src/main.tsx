import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { endSession } from './features/auth/session';
import { loadAntdLocale } from './lib/antd-locale';
import { currentLanguage, i18n, initI18n, preferredLanguage } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { getToken } from './lib/session';
import { configureStaffClient } from './lib/staff-client';

configureStaffClient({
  getToken,
  getLanguage: currentLanguage,
  onSessionGone: () => void endSession(queryClient, () => router.navigate('/login', { replace: true })),
  onEnrolRequired: () => void router.navigate('/totp', { replace: true }),
  transportMessage: (status) => (status ? i18n.t('errors.http', { status }) : i18n.t('errors.network')),
});

async function start(): Promise<void> {
  const lang = preferredLanguage();
  const [, locale] = await Promise.all([initI18n(lang), loadAntdLocale(lang)]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App initialLocale={locale} />
    </StrictMode>,
  );
}

void start();
