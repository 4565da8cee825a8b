import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A screen the signed-in role may not use (an old link, or a role changed by the owner). */
export function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title={t('errors.forbiddenTitle')} subTitle={t('errors.forbiddenText')} />;
}
