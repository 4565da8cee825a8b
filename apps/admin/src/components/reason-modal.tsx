import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { submitOnEnter } from '../lib/submit-on-enter';

interface Props {
  open: boolean;
  title: ReactNode;
  /** Shown above the reason (what is about to happen). */
  description?: ReactNode;
  okText?: ReactNode;
  danger?: boolean;
  /** The reason is shown to the client (a review's remark in their records): the field says so. */
  clientSees?: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/**
 * Asks for the reason of a staff action (3–500 characters, recorded in the audit log). When the
 * client sees it (`clientSees`), the field is labelled as a note to the client and says where.
 */
export function ReasonModal({
  open,
  title,
  description,
  okText,
  danger,
  clientSees,
  busy,
  onCancel,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading: busy }}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {description ? <p>{description}</p> : null}
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason.trim())} preserve={false}>
        <Form.Item
          name="reason"
          label={clientSees ? t('common.clientNote') : t('common.reason')}
          extra={clientSees ? t('common.clientNoteHelp') : undefined}
          rules={reasonRules(t)}
        >
          <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The contracts' reason rule: 3 to 500 characters once trimmed. */
export const reasonRules = (t: (key: string) => string) => [
  { required: true, whitespace: true, message: t('common.reasonRequired') },
  {
    validator: (_: unknown, value: string | undefined) => {
      const length = (value ?? '').trim().length;
      return length === 0 || length >= 3
        ? Promise.resolve()
        : Promise.reject(new Error(t('common.reasonShort')));
    },
  },
];

/** The reason field of a staff dialog's own form: Enter in it saves (Shift+Enter: a new line). */
export function ReasonItem() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item name="reason" label={t('common.reason')} rules={reasonRules(t)}>
      <Input.TextArea rows={3} maxLength={500} showCount onKeyDown={submitOnEnter(form)} />
    </Form.Item>
  );
}
