import { BCP47, isRightToLeft, type Language, normalizeLanguage } from '@meridian/i18n';
import Cookies from 'js-cookie';

/** Spec §1: the chosen language lives in the cookie `lang` (1 year, whole site). */
export const LANG_COOKIE = 'lang';

export function readLanguageCookie(): Language {
  return normalizeLanguage(Cookies.get(LANG_COOKIE));
}

export function writeLanguageCookie(lang: Language): void {
  Cookies.set(LANG_COOKIE, lang, { expires: 365, path: '/', sameSite: 'Lax' });
}

/** `lang` (BCP-47) and `dir` on <html>: ar and fa lay out right to left (DESIGN §11). */
export function applyDocumentLanguage(lang: Language, doc: Document = document): void {
  doc.documentElement.lang = BCP47[lang];
  doc.documentElement.dir = isRightToLeft(lang) ? 'rtl' : 'ltr';
}
