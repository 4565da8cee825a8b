import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { isStrongPassword } from '../../../lib/password-policy';
import { changePassword } from '../api/change-password';

interface Values {
  current: string;
  next: string;
  repeat: string;
}

/** Change one's own password (the server ends one's other sessions). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => changePassword({ current: v.current, next: v.next }),
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('password.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="current"
          label={t('password.current')}
          rules={[{ required: true, message: t('password.required') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="next"
          label={t('password.next')}
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
      </Form>
    </Modal>
  );
}
