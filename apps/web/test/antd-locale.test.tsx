import { LANGUAGES } from '@meridian/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { ImageUploader, useConfig } from 'antd-mobile';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n, switchLanguage } from '../src/lib/i18n';
import { LANG_COOKIE } from '../src/lib/language';

const HAN = /\p{Script=Han}/u;

type Locale = ReturnType<typeof useConfig>['locale'];
/** The locale antd-mobile's components read as they render. */
function localeNow(): Locale {
  let seen: Locale | undefined;
  function Read() {
    seen = useConfig().locale;
    return null;
  }
  render(<Read />);
  cleanup();
  return seen!;
}

describe("antd-mobile's own texts follow the app's language", () => {
  afterEach(() => {
    cleanup();
    Cookies.remove(LANG_COOKIE, { path: '/' });
  });

  it('German at start: the upload picker is named in German, and its uploading text too (was Chinese)', async () => {
    Cookies.set(LANG_COOKIE, 'de', { path: '/' });
    await initI18n();
    render(<ImageUploader value={[]} upload={async (f) => ({ url: f.name })} />);
    expect(screen.getByRole('button', { name: 'Hochladen' })).toBeTruthy();
    cleanup();
    const l = localeNow();
    expect(l.ImageUploader.uploading).toBe('Wird hochgeladen…');
    expect(l.Input.clear).toBe('Leeren');
  });

  it('no language but Chinese and Japanese (which write with Han) has Han script left in the texts we show', async () => {
    await initI18n();
    for (const lang of LANGUAGES) {
      await switchLanguage(lang);
      const l = localeNow();
      const shown = [
        ...Object.values(l.common),
        l.Dialog.ok,
        l.ImageUploader.uploading,
        l.ImageUploader.upload,
        ...Object.values(l.InfiniteScroll),
        l.Input.clear,
        l.Mask.name,
        ...Object.values(l.PullToRefresh),
      ];
      for (const text of shown) {
        expect(text, `${lang}: ${text}`).toMatch(/\S/);
        if (lang !== 'hk' && lang !== 'jp') expect(text, `${lang}: ${text}`).not.toMatch(HAN);
      }
      if (lang === 'hk') expect(l.ImageUploader.uploading).toBe('上傳中…');
      if (lang === 'jp') expect(l.ImageUploader.uploading).toBe('アップロード中…');
      if (lang === 'fr') expect(l.Input.clear).toBe('Effacer');
    }
  });
});
