import type { UseQueryResult } from '@tanstack/react-query';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-controls';
import { RefreshIcon } from '../../../components/icons';
import styles from './auth.module.css';

interface CaptchaFieldProps {
  id: string;
  captcha: UseQueryResult<{ id: string; b64s: string }>;
  value: string;
  onChange: (value: string) => void;
}

/** The picture code (verify_reg_type 2) in place of the e-mailed code; tap the picture for a new one. */
export function CaptchaField({ id, captcha, value, onChange }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('form.captcha')}>
      <Input
        id={id}
        name="captcha"
        autoComplete="off"
        maxLength={16}
        placeholder={t('form.captchaPlaceholder')}
        value={value}
        onChange={onChange}
      />
      <button
        type="button"
        className={styles.captcha}
        onClick={() => void captcha.refetch()}
        aria-label={t('form.refreshCaptcha')}
        data-testid="captcha"
      >
        {captcha.data ? (
          <img src={captcha.data.b64s} alt={t('form.captchaImage')} />
        ) : (
          <RefreshIcon size={20} />
        )}
      </button>
    </FormField>
  );
}
