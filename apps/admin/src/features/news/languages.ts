import { CONTENT_LANGUAGES } from '@meridian/contracts';
import { NATIVE_NAMES } from '@meridian/i18n';

export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The versions a new article starts with (the two languages of most readers, DESIGN §11). */
export const STARTING_LANGUAGES: ContentLanguage[] = ['en', 'hk'];

/** `English (en)`: a language by its own name and its code (the same in every UI language). */
export const languageLabel = (lang: ContentLanguage) => `${NATIVE_NAMES[lang]} (${lang})`;

/**
 * The version a reader of `reader` is shown (the server's rule, DECISIONS "News languages"): their
 * own, else English, else the default language (hk), else the first the article has.
 */
export function versionShown<V extends { lang: string }>(versions: V[], reader: string): V | undefined {
  return (
    versions.find((v) => v.lang === reader) ??
    versions.find((v) => v.lang === 'en') ??
    versions.find((v) => v.lang === 'hk') ??
    versions[0]
  );
}

export const isContentLanguage = (value: string): value is ContentLanguage =>
  (CONTENT_LANGUAGES as readonly string[]).includes(value);
