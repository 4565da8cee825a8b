import { normalizeLanguage } from '@meridian/i18n';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyDocumentLanguage,
  LANG_COOKIE,
  readLanguageCookie,
  writeLanguageCookie,
} from '../src/lib/language';

describe('language (spec §1, DESIGN §11)', () => {
  afterEach(() => {
    Cookies.remove(LANG_COOKIE, { path: '/' });
  });

  it('defaults to hk without a cookie', () => {
    expect(readLanguageCookie()).toBe('hk');
  });

  it('reads the lang cookie; tw is read as hk; unknown falls back to hk', () => {
    Cookies.set('lang', 'en', { path: '/' });
    expect(readLanguageCookie()).toBe('en');
    Cookies.set('lang', 'tw', { path: '/' });
    expect(readLanguageCookie()).toBe('hk');
    Cookies.set('lang', 'xx', { path: '/' });
    expect(readLanguageCookie()).toBe('hk');
    expect(normalizeLanguage(' AR ')).toBe('ar');
  });

  it('writes the cookie for the whole site', () => {
    writeLanguageCookie('fr');
    expect(Cookies.get(LANG_COOKIE)).toBe('fr');
    expect(readLanguageCookie()).toBe('fr');
  });

  it('sets lang and dir on <html>: rtl for ar and fa', () => {
    applyDocumentLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage('fa');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage('hk');
    expect(document.documentElement.lang).toBe('zh-HK');
    expect(document.documentElement.dir).toBe('ltr');
    applyDocumentLanguage('jp');
    expect(document.documentElement.lang).toBe('ja');
  });
});
