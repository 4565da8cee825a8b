import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/languages.ts';
import { bindPluralRules, pluralCategoriesOf, pluralCategory } from '../src/plural.ts';
import { translate } from '../src/server-messages.ts';

describe('plural forms by the language’s own rules', () => {
  it('asks Intl.PluralRules with the BCP-47 tag, not the spec code', () => {
    // 'my' is Malay (one form), not Burmese; 'jp' Japanese; 'spa' Spanish (one, many, other).
    expect(pluralCategoriesOf('my')).toEqual(['other']);
    expect(pluralCategoriesOf('jp')).toEqual(['other']);
    expect([...pluralCategoriesOf('spa')].sort()).toEqual(['many', 'one', 'other']);
    expect([...pluralCategoriesOf('ar')].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    for (const lang of LANGUAGES) expect(pluralCategoriesOf(lang)).toContain('other');
  });

  it('takes counts as decimal texts (lots) or numbers', () => {
    expect(pluralCategory('en', 1)).toBe('one');
    expect(pluralCategory('en', '1.5')).toBe('other');
    expect(pluralCategory('cs', '0.01')).toBe('many');
    expect(pluralCategory('cs', '3')).toBe('few');
    expect(pluralCategory('cs', 5)).toBe('other');
    expect(pluralCategory('ru', 21)).toBe('one');
    expect(pluralCategory('en', 'abc')).toBeNull();
  });

  it('server messages take the form of their count', () => {
    expect(translate('en', 'error.auth_login_rate_limited', { minutes: 1 })).toBe(
      'Too many attempts, please try again in 1 minute',
    );
    expect(translate('en', 'error.auth_login_rate_limited', { minutes: 15 })).toBe(
      'Too many attempts, please try again in 15 minutes',
    );
    expect(translate('en', 'error.code_resend_too_soon', { seconds: 1 })).toMatch(/\b1 second\b/);
    // Russian: 1 минуту, 3 минуты, 5 минут: three different texts.
    const ru = [1, 3, 5].map((minutes) => translate('ru', 'error.auth_login_rate_limited', { minutes }));
    expect(new Set(ru).size).toBe(3);
    // A language with one form has one text.
    const jp = [1, 5].map((minutes) => translate('jp', 'error.auth_login_rate_limited', { minutes }));
    expect(jp[0]!.replace('1', '5')).toBe(jp[1]);
  });

  it('i18next bound to our rules asks them by tag: jp is Japanese (one form), not the runtime’s English', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'jp',
      resources: { jp: { t: { n_one: 'one', n_other: 'other' } } },
      ns: ['t'],
      defaultNS: 't',
      fallbackLng: false,
    });
    // Unbound, i18next asks Intl.PluralRules('jp'), an unknown tag, answered with the runtime's
    // default locale's rules ('one' for 1 on an English machine).
    bindPluralRules(i18n);
    expect(i18n.t('n', { count: 1 })).toBe('other');
    expect(i18n.t('n', { count: 2 })).toBe('other');
  });
});
