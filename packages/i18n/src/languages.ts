/** The 21 language codes of spec §1 and their BCP-47 tags (DESIGN §11). */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
  'my',
  'hi',
  'cs',
  'fa',
  'fi',
  'et',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'hk';

export const BCP47: Record<Language, string> = {
  hk: 'zh-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
  my: 'ms',
  hi: 'hi',
  cs: 'cs',
  fa: 'fa',
  fi: 'fi',
  et: 'et',
};

/** Each language's own name, for the language screen. */
export const NATIVE_NAMES: Record<Language, string> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
  my: 'Bahasa Melayu',
  hi: 'हिन्दी',
  cs: 'Čeština',
  fa: 'فارسی',
  fi: 'Suomi',
  et: 'Eesti',
};

const RTL = new Set<Language>(['ar', 'fa']);
export const isRightToLeft = (lang: Language) => RTL.has(lang);

/** Reads any incoming code (header, cookie): tw is read as hk; unknown or missing → default. */
export function normalizeLanguage(input: string | null | undefined): Language {
  const code = (input ?? '').trim().toLowerCase();
  if (code === 'tw') return 'hk';
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : DEFAULT_LANGUAGE;
}
