import { STAFF_ROLES } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { isStrongPassword } from '../../../lib/password-policy';
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
  const [form] = Form.useForm<NewStaff>();
  const create = useMutation({
    mutationFn: (v: NewStaff) => createStaff({ ...v, email: v.email.trim(), name: v.name.trim() }),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onClose();
      onDone();
    },
  });
  return (
    <Modal
      open={open}
      title={t('staff.create')}
      okText={t('staff.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<NewStaff>
        form={form}
        layout="vertical"
        initialValues={{ role: 'support' }}
        onFinish={(v) => create.mutate(v)}
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
        <Form.Item
          name="password"
          label={t('staff.initialPassword')}
          extra={t('password.policy')}
          rules={[
            { required: true, message: t('password.required') },
            {
              validator: (_, v: string | undefined) =>
                !v || isStrongPassword(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.policy'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
