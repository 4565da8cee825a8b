import type { StaffUserRow } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { reasonRules } from '../../../components/reason-modal';
import { WholeNumberInput } from '../../../components/whole-number-input';
import { notifySuccess } from '../../../lib/notify';
import { submitOnEnter } from '../../../lib/submit-on-enter';
import { setCreditScore } from '../api/set-credit-score';

interface Values {
  score: number;
  reason: string;
}

/** Sets the credit score (0–100, kept as typed: 50.5 is refused, not rounded) with a reason; Enter saves. */
export function CreditScoreModal({
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
    mutationFn: (v: Values) => setCreditScore(user.id, { score: v.score, reason: v.reason.trim() }),
    onSuccess: ({ data }) => {
      notifySuccess(t('userDetail.creditScoreSaved', { score: data.creditScore }));
      onClose();
      onDone();
    },
  });
  return (
    <Modal
      open={open}
      title={t('userDetail.setCreditScore')}
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
        initialValues={{ score: user.creditScore, reason: '' }}
        onFinish={(v) => {
          if (!save.isPending) save.mutate(v);
        }}
      >
        <Form.Item
          name="score"
          label={t('users.creditScore')}
          rules={[{ required: true, type: 'integer', min: 0, max: 100, message: t('userDetail.scoreRule') }]}
        >
          <WholeNumberInput autoFocus style={{ width: 160 }} onKeyDown={submitOnEnter(form)} />
        </Form.Item>
        <Form.Item name="reason" label={t('common.reason')} rules={reasonRules(t)}>
          <Input.TextArea rows={3} maxLength={500} showCount onKeyDown={submitOnEnter(form)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
