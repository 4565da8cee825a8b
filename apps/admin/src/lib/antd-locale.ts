import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import type { AdminLanguage } from './i18n';

/** antd's own texts (pagination, date pickers) and dayjs follow the UI language; loaded lazily. */
export async function loadAntdLocale(lang: AdminLanguage): Promise<Locale> {
  if (lang === 'hk') {
    const [antd] = await Promise.all([import('antd/locale/zh_HK'), import('dayjs/locale/zh-hk')]);
    dayjs.locale('zh-hk');
    return antd.default;
  }
  const antd = await import('antd/locale/en_US');
  dayjs.locale('en');
  return antd.default;
}
