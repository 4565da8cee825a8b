import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../packages/i18n/locales/en/web.json';

/** English catalog for component tests. */
export async function setupTestI18n() {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { web: en } },
      ns: ['web'],
      defaultNS: 'web',
      interpolation: { escapeValue: false },
    });
  }
  return i18next;
}
