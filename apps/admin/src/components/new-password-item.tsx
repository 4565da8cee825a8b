import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '../lib/password-policy';

/** A new password field: required, the policy shown under it and checked before sending. */
export function NewPasswordItem({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={t('password.policy')}
      rules={[
        { required: true, message: t('password.required') },
        {
          validator: (_, v: string | undefined) =>
            !v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('password.policy'))),
        },
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
