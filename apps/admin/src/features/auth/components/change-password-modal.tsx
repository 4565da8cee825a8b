import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { NewPasswordItem } from '../../../components/new-password-item';
import { changePassword } from '../api/change-password';

interface Values {
  current: string;
  next: string;
  repeat: string;
}

/** Change one's own password (the server ends one's other sessions). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal<Values>
      open={open}
      title={t('password.title')}
      save={(v) => changePassword({ current: v.current, next: v.next })}
      onClose={onClose}
    >
      <Form.Item
        name="current"
        label={t('password.current')}
        rules={[{ required: true, message: t('password.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordItem name="next" label={t('password.next')} />
      <Form.Item
        name="repeat"
        label={t('password.repeat')}
        dependencies={['next']}
        rules={[
          { required: true, message: t('password.required') },
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) =>
              !v || v === getFieldValue('next')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
