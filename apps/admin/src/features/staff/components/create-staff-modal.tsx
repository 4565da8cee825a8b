import { STAFF_ROLES } from '@meridian/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { NewPasswordItem } from '../../../components/new-password-item';
import { createStaff, type NewStaff } from '../api/staff';

/** New staff account: e-mail, name, role and an initial password (the password policy applies). */
export function CreateStaffModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal<NewStaff>
      open={open}
      title={t('staff.create')}
      okText={t('staff.create')}
      initialValues={{ role: 'support' }}
      save={(v) => createStaff({ ...v, email: v.email.trim(), name: v.name.trim() })}
      onClose={onClose}
      onDone={onDone}
    >
      <Form.Item
        name="email"
        label={t('staff.email')}
        rules={[
          { required: true, message: t('login.emailRequired') },
          { type: 'email', message: t('login.emailInvalid') },
        ]}
      >
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('staff.name')}
        rules={[{ required: true, whitespace: true, max: 100, message: t('staff.nameRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="role" label={t('staff.role')} rules={[{ required: true }]}>
        <Select options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
      </Form.Item>
      <NewPasswordItem name="password" label={t('staff.initialPassword')} />
    </FormModal>
  );
}
