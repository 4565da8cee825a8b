import { DEFAULT_LANGUAGE, type Language, normalizeLanguage } from '@meridian/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, readLanguageCookie, writeLanguageCookie } from './language';

type Catalog = Record<string, unknown>;

/**
 * One lazy chunk per language catalog (packages/i18n/locales/<lang>/web.json): only the active
 * language is ever downloaded. A language whose catalog does not exist yet falls back to English.
 */
const loaders = import.meta.glob<Catalog>('../../../../packages/i18n/locales/*/web.json', {
  import: 'default',
});

const loaderFor = (lang: string) => loaders[`../../../../packages/i18n/locales/${lang}/web.json`];

/** Loads a chunk, retrying a transient failure (a server restart, a flaky network) twice. */
async function withRetry<T>(load: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await load();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 600 * i));
    }
  }
}

async function loadCatalog(lang: Language): Promise<{ lang: Language; catalog: Catalog }> {
  const load = loaderFor(lang) ?? loaderFor('en') ?? loaderFor(DEFAULT_LANGUAGE);
  if (!load) return { lang, catalog: {} };
  try {
    return { lang, catalog: await withRetry(load) };
  } catch (err) {
    console.warn(`[i18n] catalog ${lang} could not be loaded`, err);
    return { lang, catalog: {} };
  }
}

export const i18n = i18next.createInstance();

/** The app's language code (spec codes: hk, en, …), sent as the `lang` header. */
export const currentLanguage = (): Language => normalizeLanguage(i18n.language);

export async function initI18n(): Promise<Language> {
  const lang = readLanguageCookie();
  const { catalog } = await loadCatalog(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { web: catalog } },
    ns: ['web'],
    defaultNS: 'web',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  writeLanguageCookie(lang); // normalises tw → hk and refreshes the year
  applyDocumentLanguage(lang);
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
    const { catalog } = await loadCatalog(lang);
    i18n.addResourceBundle(lang, 'web', catalog, true, true);
  }
  await i18n.changeLanguage(lang);
  writeLanguageCookie(lang);
  applyDocumentLanguage(lang);
  for (const fn of listeners) fn(lang);
  return lang;
}
