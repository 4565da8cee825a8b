import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Empty } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { MessageBridge } from '../components/message-bridge';
import { loadAntdLocale } from '../lib/antd-locale';
import { isAdminLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { router } from './router';
import { ADMIN_THEME } from './theme';

/** antd's buttons as the app sets them: labels as written, never spaced out. */
const APP_BUTTON_CONFIG = { autoInsertSpace: false } as const;

/** Providers: antd (theme, locale, contextual messages), TanStack Query, the router. */
export function App({ initialLocale }: { initialLocale: Locale }) {
  const { t, i18n } = useTranslation();
  const [locale, setLocale] = useState(initialLocale);
  useEffect(() => {
    const onChange = (lng: string) => {
      if (!isAdminLanguage(lng)) return;
      void loadAntdLocale(lng).then(setLocale);
      // Server-translated texts (refusals, success messages) follow the language on the next call.
      void queryClient.invalidateQueries();
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);

  return (
    <ConfigProvider
      locale={locale}
      theme={ADMIN_THEME}
      // antd spaces out a two-character CJK label ('搜 尋', '取 消'); Chinese does not.
      button={APP_BUTTON_CONFIG}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />}
    >
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
