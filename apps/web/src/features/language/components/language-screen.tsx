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
        {/* Buttons, not radios: arrow keys on a radio group change the choice at each step, and
            here each change switched the whole app (through Japanese, Korean, … to Arabic's RTL). */}
        <ul className={styles.list} aria-label={t('language.listLabel')}>
          {LANGUAGES.map((lang) => {
            const checked = lang === current;
            return (
              <li key={lang}>
                <button
                  type="button"
                  aria-current={checked ? 'true' : undefined}
                  aria-busy={pending === lang ? 'true' : undefined}
                  onClick={() => void choose(lang)}
                  className={checked ? `${styles.item} ${styles.checked}` : styles.item}
                >
                  <span lang={BCP47[lang]} className={styles.name}>
                    {NATIVE_NAMES[lang]}
                  </span>
                  {checked && <CheckIcon size={20} className={styles.check} />}
                </button>
              </li>
            );
          })}
        </ul>
      </main>
    </div>
  );
}
