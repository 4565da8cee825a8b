import { bindPluralRules, type Language, normalizeLanguage } from '@meridian/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyAntdLocale } from './antd-locale';
import { loadCatalog } from './catalogs';
import { applyDocumentLanguage, readLanguageCookie, writeLanguageCookie } from './language';

export const i18n = i18next.createInstance();

/** The app's language code (spec codes: hk, en, …), sent as the `lang` header. */
export const currentLanguage = (): Language => normalizeLanguage(i18n.language);

export async function initI18n(): Promise<Language> {
  const lang = readLanguageCookie();
  const catalog = await loadCatalog(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { web: catalog } },
    ns: ['web'],
    defaultNS: 'web',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  bindPluralRules(i18n);
  writeLanguageCookie(lang); // normalises tw → hk and refreshes the year
  applyDocumentLanguage(lang);
  applyAntdLocale(i18n.t);
  return lang;
}

const listeners = new Set<(lang: Language) => void>();
/** Called after every language switch (the app refetches server-translated data). */
export function onLanguageChanged(fn: (lang: Language) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function switchLanguage(input: string): Promise<Language> {
  const lang = normalizeLanguage(input);
  if (!i18n.hasResourceBundle(lang, 'web')) {
    const catalog = await loadCatalog(lang);
    i18n.addResourceBundle(lang, 'web', catalog, true, true);
  }
  // Before the switch re-renders: antd-mobile's components read the locale as they render.
  applyAntdLocale(i18n.getFixedT(lang));
  await i18n.changeLanguage(lang);
  writeLanguageCookie(lang);
  applyDocumentLanguage(lang);
  for (const fn of listeners) fn(lang);
  return lang;
}
