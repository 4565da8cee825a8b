import { Button, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A link the article may hold: an http(s) address with a host, or a mailto: address. */
export function isSafeLink(href: string): boolean {
  const text = href.trim();
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(text)) return true;
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Asks for a link's address (http, https or mailto only: a `javascript:` link would run in the
 * trader's session). Empty, or Remove, takes the link off the selected text.
 */
export function LinkModal({
  open,
  href,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  /** The address of the link under the cursor, if any. */
  href: string;
  onCancel: () => void;
  onSubmit: (href: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ href: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ href });
  }, [open, href, form]);
  return (
    <Modal
      open={open}
      title={t('news.editor.linkTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {href ? (
            <Button danger onClick={() => onSubmit('')}>
              {t('news.editor.unlink')}
            </Button>
          ) : null}
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit((v.href ?? '').trim())}>
        <Form.Item
          name="href"
          label={t('news.editor.linkUrl')}
          extra={t('news.editor.linkHelp')}
          rules={[
            {
              validator: (_: unknown, value: string | undefined) =>
                !value?.trim() || isSafeLink(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('news.editor.linkRule'))),
            },
          ]}
        >
          <Input inputMode="url" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
