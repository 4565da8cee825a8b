import { useMutation } from '@tanstack/react-query';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/notify';

/** What a form dialog is told: close, and that its form was saved. */
export interface DialogDone {
  onClose: () => void;
  onDone: () => void;
}

/**
 * A dialog holding one vertical form (`children`: its items) that is sent with `save`. Save checks
 * the form's rules, then sends; while it waits the button spins and a second submit (Enter twice,
 * Enter and a click) sends nothing. On an answer it shows `successText` (the server's message by
 * default), closes and calls `onDone`; on a refusal it stays open (the query client shows why).
 * Opened again, it starts from `initialValues`.
 */
export function FormModal<V extends object, R extends { msg: string } = { msg: string }>({
  open = true,
  title,
  okText,
  danger,
  form: givenForm,
  initialValues,
  save,
  successText = (answer) => answer.msg,
  onClose,
  onDone,
  below,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  /** The Save button's text (default: Save). */
  okText?: ReactNode;
  danger?: boolean;
  /** The form, when the caller reads it (a watched field, Enter to save); else the dialog's own. */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  save: (values: V) => Promise<R>;
  successText?: (answer: R, values: V) => string;
  onClose: () => void;
  onDone?: () => void;
  /** Shown under the form (a preview of what saving does). */
  below?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>(givenForm);
  // One send per decision: `isPending` is read from the last render, so two submits before it
  // re-renders would both pass it; this flag is set at once.
  const sending = useRef(false);
  const mutation = useMutation({
    mutationFn: save,
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: (answer, values) => {
      notifySuccess(successText(answer, values));
      onClose();
      onDone?.();
    },
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: mutation.isPending, danger }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form<V>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues as V}
        onFinish={(values) => {
          if (sending.current) return;
          sending.current = true;
          mutation.mutate(values);
        }}
      >
        {children}
      </Form>
      {below}
    </Modal>
  );
}
