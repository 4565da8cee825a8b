import type { StaffUserRow } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { reasonRules } from '../../../components/reason-modal';
import { notifySuccess } from '../../../lib/notify';
import { submitOnEnter } from '../../../lib/submit-on-enter';
import { freezeUser } from '../api/freeze-user';

interface Values {
  login: boolean;
  trading: boolean;
  reason: string;
}

/**
 * Freezes or unfreezes login (sessions end at once) and trading (closing stays allowed). The first
 * switch has focus when it opens; Enter in the reason saves (Shift+Enter: a new line).
 */
export function FreezeModal({
  user,
  open,
  onClose,
  onDone,
}: {
  user: StaffUserRow;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      freezeUser(user.id, { login: v.login, trading: v.trading, reason: v.reason.trim() }),
    // The state now in force, so a mis-set switch is seen at once.
    onSuccess: ({ data }) => {
      notifySuccess(
        t('userDetail.freezeSaved', {
          login: t(data.loginFrozen ? 'users.loginFrozen' : 'users.loginAllowed'),
          trading: t(data.tradingFrozen ? 'users.tradingFrozen' : 'users.tradingAllowed'),
        }),
      );
      onClose();
      onDone();
    },
  });
  return (
    <Modal
      open={open}
      title={t('userDetail.freeze')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ login: user.loginFrozen, trading: user.tradingFrozen, reason: '' }}
        onFinish={(v) => {
          if (!save.isPending) save.mutate(v);
        }}
      >
        <Form.Item
          name="login"
          label={t('users.loginFrozen')}
          valuePropName="checked"
          extra={t('userDetail.loginFrozenHint')}
        >
          <Switch autoFocus />
        </Form.Item>
        <Form.Item
          name="trading"
          label={t('users.tradingFrozen')}
          valuePropName="checked"
          extra={t('userDetail.tradingFrozenHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={reasonRules(t)}>
          <Input.TextArea rows={3} maxLength={500} showCount onKeyDown={submitOnEnter(form)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
