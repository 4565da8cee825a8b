import { BCP47, LANGUAGES, type Language, NATIVE_NAMES } from '@meridian/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage, switchLanguage } from '../../../lib/i18n';
import styles from './language-screen.module.css';

/** `/language`: the 21 languages by native name; the current one checked; the choice is a cookie. */
export function LanguageScreen() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Language>(currentLanguage());
  const [pending, setPending] = useState<Language | null>(null);

  const choose = async (lang: Language) => {
    if (lang === current || pending) return;
    setPending(lang);
    try {
      setCurrent(await switchLanguage(lang));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('language.title')} />
      <main>
        <fieldset className={styles.list}>
          <legend className="visually-hidden">{t('language.listLabel')}</legend>
          {LANGUAGES.map((lang) => {
            const checked = lang === current;
            return (
              <label key={lang} className={checked ? `${styles.item} ${styles.checked}` : styles.item}>
                <input
                  type="radio"
                  name="language"
                  value={lang}
                  checked={checked}
                  onChange={() => void choose(lang)}
                  className="visually-hidden"
                />
                <span lang={BCP47[lang]} className={styles.name}>
                  {NATIVE_NAMES[lang]}
                </span>
                {checked && <CheckIcon size={20} className={styles.check} />}
              </label>
            );
          })}
        </fieldset>
      </main>
    </div>
  );
}
