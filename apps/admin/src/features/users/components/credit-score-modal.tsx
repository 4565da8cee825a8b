import type { StaffUserRow } from '@meridian/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DialogDone, FormModal } from '../../../components/form-modal';
import { ReasonItem } from '../../../components/reason-modal';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { submitOnEnter } from '../../../lib/submit-on-enter';
import { setCreditScore } from '../api/set-credit-score';

interface Values {
  score: number;
  reason: string;
}

/** Sets the credit score (0–100, kept as typed: 50.5 is refused, not rounded) with a reason; Enter saves. */
export function CreditScoreModal({ user, ...done }: DialogDone & { user: StaffUserRow }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormModal
      {...done}
      title={t('userDetail.setCreditScore')}
      form={form}
      initialValues={{ score: user.creditScore, reason: '' }}
      save={(v: Values) => setCreditScore(user.id, { score: v.score, reason: v.reason.trim() })}
      successText={({ data }) => t('userDetail.creditScoreSaved', { score: data.creditScore })}
    >
      <Form.Item
        name="score"
        label={t('users.creditScore')}
        rules={[{ required: true, type: 'integer', min: 0, max: 100, message: t('userDetail.scoreRule') }]}
      >
        <WholeNumberInput autoFocus style={{ width: 160 }} onKeyDown={submitOnEnter(form)} />
      </Form.Item>
      <ReasonItem />
    </FormModal>
  );
}
