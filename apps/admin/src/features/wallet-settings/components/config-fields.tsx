import { useMutation } from '@tanstack/react-query';
import { Form, InputNumber, Modal, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '../../../lib/contract-rule';
import { notifySuccess } from '../../../lib/notify';

/**
 * The New / Edit dialog of one wallet setting row: a vertical form checked with the contract's
 * rules, saved through its save call; closes and reads the configuration again on success, stays
 * open on a refusal (its message is shown by the query client).
 */
export function ConfigModal<V extends object>({
  title,
  initialValues,
  save,
  onClose,
  onSaved,
  children,
}: {
  title: ReactNode;
  initialValues: Partial<V>;
  save: (values: V) => Promise<{ msg: string }>;
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: ({ msg }) => {
      notifySuccess(msg);
      onSaved();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues as V}
        onFinish={(v) => mutation.mutate(v)}
      >
        {children}
      </Form>
    </Modal>
  );
}

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
}

/** "Enabled" switch of a row. */
export function EnabledItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="enabled" label={t('walletSettings.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

/** "Order" of a row: a whole number 0–100000 (the contract's rule). */
export function SortItem({ schema }: { schema: FieldSchema }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="sort"
      label={t('walletSettings.sort')}
      extra={t('walletSettings.sortHint')}
      rules={[
        { required: true, message: t('walletSettings.sortRule') },
        contractRule(schema, t('walletSettings.sortRule')),
      ]}
    >
      <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Codes are typed in capitals (USDT, HKD). */
export const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/** A required text field checked with the contract's schema. */
export const requiredText = (schema: FieldSchema, message: string) => [
  { required: true, whitespace: true, message },
  contractRule(schema, message),
];
