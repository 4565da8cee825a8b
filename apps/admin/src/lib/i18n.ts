import { BCP47, bindPluralRules } from '@meridian/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The back office speaks English and Traditional Chinese (Hong Kong). Catalogs are
 * packages/i18n/locales/<lang>/admin.json (namespace `admin`), one lazy chunk each: only the active
 * language is downloaded. The language is kept in localStorage and sent as the `lang` header.
 */
export const ADMIN_LANGUAGES = ['en', 'hk'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
export type Catalog = Record<string, unknown>;

export const NAMESPACE = 'admin';
const STORAGE_KEY = 'meridian.admin.lang';

export const i18n = i18next.createInstance();

const loaders = import.meta.glob<Catalog>('../../../../packages/i18n/locales/*/admin.json', {
  import: 'default',
});

export function loadCatalog(lang: AdminLanguage): Promise<Catalog> {
  const load = loaders[`../../../../packages/i18n/locales/${lang}/admin.json`];
  return load ? load() : Promise.resolve({});
}

export const isAdminLanguage = (value: unknown): value is AdminLanguage =>
  typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);

/** The stored choice, else the browser's: Chinese → hk, anything else → en. */
export function preferredLanguage(): AdminLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isAdminLanguage(stored)) return stored;
  } catch {
    // storage blocked: fall through
  }
  const nav = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return nav.startsWith('zh') ? 'hk' : 'en';
}

export const currentLanguage = (): AdminLanguage => (isAdminLanguage(i18n.language) ? i18n.language : 'en');

function applyDocument(lang: AdminLanguage): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = BCP47[lang];
  document.title = i18n.t('app.title');
}

export async function initI18n(lang: AdminLanguage = preferredLanguage(), catalog?: Catalog): Promise<void> {
  const resources = catalog ?? (await loadCatalog(lang));
  await i18n.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { [NAMESPACE]: resources } },
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  bindPluralRules(i18n);
  applyDocument(lang);
}

/** Switches the UI language: loads its catalog first, so the switch never shows raw keys. */
export async function changeLanguage(lang: AdminLanguage): Promise<void> {
  if (!i18n.hasResourceBundle(lang, NAMESPACE)) {
    i18n.addResourceBundle(lang, NAMESPACE, await loadCatalog(lang));
  }
  await i18n.changeLanguage(lang);
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered; the switch still applies to this tab
  }
  applyDocument(lang);
}
