import { Input, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-controls';
import type { AccountInput } from '../hooks/use-account-input';
import type { AccountMode } from '../validation';
import { AreaPicker } from './area-picker';
import styles from './auth.module.css';

/** The e-mail / mobile tabs of the account screens. */
export function AccountTabs({ input }: { input: AccountInput }) {
  const { t } = useTranslation();
  return (
    <Tabs
      activeKey={input.mode}
      onChange={(key) => input.setMode(key as AccountMode)}
      className={styles.tabs}
    >
      <Tabs.Tab key="email" title={t('login.tabEmail')} />
      <Tabs.Tab key="mobile" title={t('login.tabMobile')} />
    </Tabs>
  );
}

/** The account row: an e-mail input, or the calling-code picker and the mobile number. */
export function AccountField({ id, input }: { id: string; input: AccountInput }) {
  const { t } = useTranslation();
  const email = input.mode === 'email';
  return (
    <FormField id={id} label={t(email ? 'login.email' : 'login.mobile')}>
      {!email && <AreaPicker areas={input.areas} value={input.area} onChange={input.setArea} />}
      <Input
        id={id}
        name="account"
        type={email ? 'email' : 'tel'}
        inputMode={email ? 'email' : 'numeric'}
        autoComplete={email ? 'email' : 'tel-national'}
        placeholder={t(email ? 'login.emailPlaceholder' : 'login.mobilePlaceholder')}
        value={input.account}
        onChange={input.setAccount}
        clearable
      />
    </FormField>
  );
}
