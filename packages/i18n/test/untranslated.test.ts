import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../src/languages.ts';
import { load, localesDir, NAMESPACES, referenceFor } from './catalog-files.ts';

/** Codes and names written the same in every language; a text made only of these (and placeholders) passes. */
const CODES = new Set(['OK', 'USD', 'EURUSD', 'UID', 'Meridian']);

/** Latin-script languages whose brokers' apps keep MetaTrader's English trading terms. */
const TRADING_LOANWORD_LANGUAGES: readonly Language[] = ['cs', 'et', 'fi', 'fr', 'id', 'it', 'pt', 'spa'];

/**
 * Texts a language really writes as English does (compared ignoring case), and why. An entry no
 * catalog needs any more fails too, so the list stays the list of real exceptions.
 */
const SAME_AS_ENGLISH: ReadonlyArray<{ text: string; languages: readonly Language[]; why: string }> = [
  { text: 'Stop loss', languages: TRADING_LOANWORD_LANGUAGES, why: 'order type named as in MetaTrader' },
  { text: 'Take profit', languages: TRADING_LOANWORD_LANGUAGES, why: 'order type named as in MetaTrader' },
  {
    text: 'Bid',
    languages: ['cs', 'fr', 'id', 'it', 'pt', 'ru', 'spa'],
    why: 'quote side as the terminals label it',
  },
  {
    text: 'Ask',
    languages: ['cs', 'fr', 'id', 'it', 'pt', 'ru', 'spa'],
    why: 'quote side as the terminals label it',
  },
  {
    text: 'Stop-out',
    languages: ['cs', 'de', 'fr', 'id', 'it', 'pt', 'spa', 'tr'],
    why: "brokers' term for it",
  },
  {
    text: 'Forex',
    languages: ['cs', 'de', 'et', 'fi', 'fr', 'id', 'it', 'my', 'pt', 'spa', 'tr'],
    why: "the market's name in these languages",
  },
  {
    text: 'Copy trading',
    languages: ['cs', 'fr', 'id', 'it', 'pt', 'spa'],
    why: 'the service is called so there',
  },
  {
    text: 'Margin (USD)',
    languages: ['de', 'id', 'my'],
    why: 'Margin is the word in German, Indonesian, Malay',
  },
  { text: 'Leverage', languages: ['id'], why: 'Indonesian brokers say leverage (daya ungkit is not used)' },
  { text: 'Deposit', languages: ['id', 'my'], why: 'deposit is the Indonesian and Malay word' },
  { text: '{{lots}} lot', languages: ['cs', 'de', 'fr', 'tr'], why: 'lot is the unit in these languages' },
  { text: '{{lots}} lots', languages: ['de', 'fr'], why: 'the plural of the same unit' },
  {
    text: 'E-mail',
    languages: ['cs', 'de', 'fr', 'id', 'it', 'pt', 'ru'],
    why: 'the usual word on sign-in forms',
  },
  { text: 'Password', languages: ['it'], why: 'the usual Italian word' },
  { text: 'Mobile', languages: ['fr'], why: 'French for a mobile phone' },
  { text: 'Instruments', languages: ['fr'], why: 'French word' },
  { text: 'Indices', languages: ['fr'], why: 'French word' },
  { text: 'Crypto', languages: ['fr'], why: 'French word' },
  { text: 'Optional', languages: ['de'], why: 'German word' },
  { text: '{{label}} (optional)', languages: ['de'], why: 'German word' },
  { text: 'Orders', languages: ['de'], why: 'German plural of die Order, as German brokers write it' },
  { text: 'Wallet', languages: ['de'], why: 'German crypto apps say Wallet' },
  { text: 'News', languages: ['de'], why: 'German finance apps say News (Duden lists it)' },
  { text: 'Feedback', languages: ['de', 'it', 'pt'], why: 'established loanword' },
  { text: 'Ranking', languages: ['pt', 'spa'], why: 'established loanword (RAE lists it)' },
  { text: '(DEMO test)', languages: ['cs', 'et'], why: 'test is a Czech and Estonian word' },
  { text: 'China', languages: ['de', 'my', 'pt', 'spa'], why: 'country name spelled alike' },
  { text: 'Cuba', languages: ['fr', 'it', 'my', 'pt', 'spa', 'vn'], why: 'country name spelled alike' },
  {
    text: 'Israel',
    languages: ['de', 'fi', 'id', 'my', 'pt', 'spa', 'vn'],
    why: 'country name spelled alike',
  },
  {
    text: 'Vanuatu',
    languages: ['cs', 'de', 'et', 'fi', 'fr', 'id', 'it', 'my', 'pt', 'spa', 'tr', 'vn'],
    why: 'country name spelled alike',
  },
];

/** Keys whose text is the same in every language by design. */
const SAME_KEYS: ReadonlyArray<{ ns: string; prefix: string; why: string }> = [
  { ns: 'admin', prefix: 'languages.', why: 'each language is listed under its own name' },
];

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const PLACEHOLDER = /\{\{[^}]*\}\}/g;

/** Only placeholders, numbers, punctuation and codes: nothing to translate. */
function hasNoWords(text: string) {
  const words = text.replace(PLACEHOLDER, ' ').match(/[\p{L}]+/gu) ?? [];
  return words.every((w) => CODES.has(w));
}

interface Finding {
  lang: Language;
  ns: string;
  key: string;
  text: string;
}

/** Every non-English text that equals English's, across all catalogs. */
function sameAsEnglish(): Finding[] {
  const found: Finding[] = [];
  for (const ns of NAMESPACES) {
    const reference = load('en', ns);
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      if (!existsSync(path.join(localesDir, lang, `${ns}.json`))) continue; // catalogs.test.ts says which must exist
      for (const [key, text] of Object.entries(load(lang, ns))) {
        const english = referenceFor(reference, key);
        if (english !== undefined && fold(text) === fold(english)) found.push({ lang, ns, key, text });
      }
    }
  }
  return found;
}

const allowance = (f: Finding) =>
  SAME_AS_ENGLISH.find((a) => fold(a.text) === fold(f.text) && a.languages.includes(f.lang));
const isAllowed = (f: Finding) =>
  hasNoWords(f.text) ||
  SAME_KEYS.some((k) => k.ns === f.ns && f.key.startsWith(k.prefix)) ||
  allowance(f) !== undefined;

describe('untranslated catalog texts', () => {
  const found = sameAsEnglish();

  it('no language repeats an English text except the listed loanwords, codes and names', () => {
    const untranslated = found
      .filter((f) => !isAllowed(f))
      .map((f) => `${f.lang} ${f.ns}:${f.key} = ${f.text}`);
    expect(untranslated).toEqual([]);
  });

  it('every allowance is still used by the language it names', () => {
    const unused = SAME_AS_ENGLISH.flatMap((a) =>
      a.languages
        .filter((lang) => !found.some((f) => f.lang === lang && fold(f.text) === fold(a.text)))
        .map((lang) => `${lang}: ${a.text}`),
    );
    expect(unused).toEqual([]);
  });
});
