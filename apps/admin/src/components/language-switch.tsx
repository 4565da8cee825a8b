import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_LANGUAGES, type AdminLanguage, changeLanguage, currentLanguage } from '../lib/i18n';

/** English / 繁體中文, each named in its own language (from the catalog's `languages`). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const value = i18n.language as AdminLanguage;
  return (
    <Select<AdminLanguage>
      aria-label={t('header.language')}
      value={ADMIN_LANGUAGES.includes(value) ? value : currentLanguage()}
      onChange={(lang) => void changeLanguage(lang)}
      options={ADMIN_LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
      style={{ width: 130 }}
      variant="borderless"
    />
  );
}
