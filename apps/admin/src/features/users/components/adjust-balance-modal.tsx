import type { StaffUserRow } from '@meridian/contracts';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DialogDone, FormModal } from '../../../components/form-modal';
import { groupDecimal, signOf } from '../../../lib/format';
import { submitOnEnter } from '../../../lib/submit-on-enter';
import { adjustBalance, isValidAdjustment } from '../api/adjust-balance';

interface Values {
  amount: string;
  memo: string;
}

/**
 * Balance adjustment: a signed amount typed as text (up to 6 decimals; never a float) and a memo
 * the user sees in their account history. The amount has focus when it opens; Enter saves (once:
 * each send is a new adjustment, with its own key).
 */
export function AdjustBalanceModal({ user, ...done }: DialogDone & { user: StaffUserRow }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form) ?? '';
  const valid = isValidAdjustment(amount);
  const sign = signOf(amount.trim());
  return (
    <FormModal
      {...done}
      title={t('userDetail.adjustBalance')}
      danger={sign < 0}
      form={form}
      save={(v: Values) => adjustBalance(user.id, { amount: v.amount.trim(), memo: v.memo.trim() })}
      // What moved and where the balance stands now, not the server's bare 'Success'.
      successText={({ data }, v) =>
        t(signOf(v.amount.trim()) < 0 ? 'userDetail.debited' : 'userDetail.credited', {
          amount: groupDecimal(v.amount.trim().replace(/^[+-]/, '')),
          balance: groupDecimal(data.balance),
        })
      }
      below={
        valid ? (
          <Alert
            type={sign < 0 ? 'warning' : 'info'}
            showIcon
            title={t(sign < 0 ? 'userDetail.debitPreview' : 'userDetail.creditPreview', {
              amount: groupDecimal(amount.trim().replace(/^-/, '')),
              balance: groupDecimal(user.balance),
            })}
          />
        ) : null
      }
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
    </FormModal>
  );
}
