import { BCP47, LANGUAGES, type Language } from './languages.ts';

/**
 * Plural forms the i18next way (`key_one`, `key_few`, `key_other`, …), chosen by the language's
 * own rules: our language codes are the spec's (jp, kr, spa, my), not BCP-47, so `Intl.PluralRules`
 * is asked with the language's tag ('jp' would silently get the runtime's English rules, 'my'
 * Burmese instead of Malay).
 */
const rules = new Map<Language, Intl.PluralRules>();

export function pluralRulesOf(lang: Language): Intl.PluralRules {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(BCP47[lang]);
    rules.set(lang, r);
  }
  return r;
}

/** The categories a language's grammar distinguishes, e.g. ['few', 'many', 'one', 'other'] for cs. */
export const pluralCategoriesOf = (lang: Language): readonly string[] =>
  pluralRulesOf(lang).resolvedOptions().pluralCategories;

/**
 * The plural category of a count written as a decimal text or a number ('0.01' lots is 'many' in
 * Czech, '1.5' 'other' in English); null when it is not a number.
 */
export function pluralCategory(lang: Language, count: string | number): Intl.LDMLPluralRule | null {
  const n = typeof count === 'number' ? count : Number(count);
  if (!Number.isFinite(n)) return null;
  return pluralRulesOf(lang).select(Math.abs(n));
}

/** What `bindPluralRules` needs of an i18next instance (its plural resolver is typed `any`). */
interface WithPluralResolver {
  services: { pluralResolver: { getRule(code: string, options?: object): Intl.PluralRules | undefined } };
}

/**
 * Makes an initialised i18next instance choose plural forms by the language's BCP-47 tag: i18next
 * asks `Intl.PluralRules` with the code it was given ('spa', 'jp'), which the runtime does not
 * know and answers with its own default locale's rules (a browser set to German chose Spanish forms
 * by German rules). One override of its resolver's rule lookup; everything else is i18next's.
 */
export function bindPluralRules(i18n: WithPluralResolver): void {
  const resolver = i18n.services.pluralResolver;
  const ruleOf = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) =>
    ruleOf((LANGUAGES as readonly string[]).includes(code) ? BCP47[code as Language] : code, options);
}
