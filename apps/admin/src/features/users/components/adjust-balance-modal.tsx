import type { StaffUserRow } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDecimal, signOf } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { submitOnEnter } from '../../../lib/submit-on-enter';
import { adjustBalance, isValidAdjustment } from '../api/adjust-balance';

interface Values {
  amount: string;
  memo: string;
}

/**
 * Balance adjustment: a signed amount typed as text (up to 6 decimals; never a float) and a memo
 * the user sees in their account history. The amount has focus when it opens; Enter saves.
 */
export function AdjustBalanceModal({
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
  const amount = Form.useWatch('amount', form) ?? '';
  // One adjustment per decision: `isPending` is read from the last render, so two submits before
  // it re-renders (Enter twice, Enter and a click) would both pass it; this flag is set at once.
  const sending = useRef(false);
  const save = useMutation({
    mutationFn: (v: Values) => adjustBalance(user.id, { amount: v.amount.trim(), memo: v.memo.trim() }),
    onSettled: () => {
      sending.current = false;
    },
    // What moved and where the balance stands now, not the server's bare 'Success'.
    onSuccess: ({ data }, v) => {
      const amount = v.amount.trim();
      notifySuccess(
        t(signOf(amount) < 0 ? 'userDetail.debited' : 'userDetail.credited', {
          amount: groupDecimal(amount.replace(/^[+-]/, '')),
          balance: groupDecimal(data.balance),
        }),
      );
      onClose();
      onDone();
    },
  });
  const valid = isValidAdjustment(amount);
  const sign = signOf(amount.trim());
  return (
    <Modal
      open={open}
      title={t('userDetail.adjustBalance')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, danger: sign < 0 }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => {
          // Enter held or pressed twice: one adjustment (each send is a new one, with its own key).
          if (sending.current) return;
          sending.current = true;
          save.mutate(v);
        }}
      >
        <Form.Item
          name="amount"
          label={t('userDetail.amount')}
          extra={t('userDetail.amountHint')}
          rules={[
            { required: true, whitespace: true, message: t('userDetail.amountRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v || isValidAdjustment(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('userDetail.amountRule'))),
            },
          ]}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="-100.50"
            autoFocus
            onKeyDown={submitOnEnter(form)}
          />
        </Form.Item>
        <Form.Item
          name="memo"
          label={t('userDetail.memo')}
          extra={t('userDetail.memoHint')}
          rules={[
            { required: true, whitespace: true, message: t('userDetail.memoRequired') },
            { min: 3, max: 200, message: t('userDetail.memoRule') },
          ]}
        >
          <Input maxLength={200} showCount onKeyDown={submitOnEnter(form)} />
        </Form.Item>
      </Form>
      {valid ? (
        <Alert
          type={sign < 0 ? 'warning' : 'info'}
          showIcon
          title={t(sign < 0 ? 'userDetail.debitPreview' : 'userDetail.creditPreview', {
            amount: groupDecimal(amount.trim().replace(/^-/, '')),
            balance: groupDecimal(user.balance),
          })}
        />
      ) : null}
    </Modal>
  );
}
