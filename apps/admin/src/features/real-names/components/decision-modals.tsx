import { staffApproveRealNameCall, staffRejectRealNameCall } from '@meridian/contracts';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { contractRule } from '../../../lib/contract-rule';
import { STAFF_CODES, StaffApiError } from '../../../lib/staff-client';
import { approveRealName, type RealNameDetail, rejectRealName } from '../api/real-names';

const approveFields = staffApproveRealNameCall.body!.shape;
const rejectFields = staffRejectRealNameCall.body!.shape;
const REASON_MAX = 300;
const NOTE_MAX = 1000;

interface DecisionProps {
  submission: RealNameDetail['submission'];
  onClose: () => void;
  /** The decision was recorded (or someone else's was first): lists are read again, the drawer closes. */
  onReviewed: () => void;
}

/**
 * Sends a decision; when someone else reviewed the submission first (5117) the drawer's copy is
 * stale, so the lists are read again and it closes (the server's message is still shown).
 */
async function decide<R>(send: () => Promise<R>, onReviewed: () => void): Promise<R> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof StaffApiError && err.code === STAFF_CODES.ALREADY_REVIEWED) onReviewed();
    throw err;
  }
}

/** The staff-only note of a decision: optional, and labelled so nobody writes to the trader in it. */
function StaffNoteItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="note"
      label={t('realNames.staffNote')}
      extra={t('realNames.staffNoteHelp')}
      rules={[contractRule(approveFields.note, t('realNames.noteRule'))]}
    >
      <Input.TextArea rows={3} maxLength={NOTE_MAX} />
    </Form.Item>
  );
}

/** Approve: the trader becomes verified; an optional note for staff. */
export function ApproveModal({ submission, onClose, onReviewed }: DecisionProps) {
  const { t } = useTranslation();
  const who = { id: submission.id, uid: submission.uid, name: submission.name };
  return (
    <FormModal<{ note?: string }>
      title={t('realNames.approveTitle', who)}
      okText={t('realNames.approve')}
      initialValues={{ note: '' }}
      save={(v) => decide(() => approveRealName(submission.id, (v.note ?? '').trim()), onReviewed)}
      successText={() => t('realNames.approved', who)}
      onClose={onClose}
      onDone={onReviewed}
    >
      <Alert type="info" showIcon title={t('realNames.approveConfirm', who)} style={{ marginBottom: 16 }} />
      <StaffNoteItem />
    </FormModal>
  );
}

/** Reject: a reason the trader reads (required) and a note only staff read (optional). */
export function RejectModal({ submission, onClose, onReviewed }: DecisionProps) {
  const { t } = useTranslation();
  const who = { id: submission.id, uid: submission.uid, name: submission.name };
  return (
    <FormModal<{ reason: string; note?: string }>
      title={t('realNames.rejectTitle', who)}
      okText={t('realNames.reject')}
      danger
      initialValues={{ reason: '', note: '' }}
      save={(v) =>
        decide(
          () => rejectRealName(submission.id, { reason: v.reason.trim(), note: (v.note ?? '').trim() }),
          onReviewed,
        )
      }
      successText={() => t('realNames.rejected', who)}
      onClose={onClose}
      onDone={onReviewed}
    >
      <Alert type="warning" showIcon title={t('realNames.rejectConfirm', who)} style={{ marginBottom: 16 }} />
      <Form.Item
        name="reason"
        label={t('realNames.reason')}
        extra={t('realNames.reasonHelp')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('realNames.reasonRequired') },
          {
            validator: (_: unknown, value: string | undefined) => {
              const length = (value ?? '').trim().length;
              return length === 0 || length >= 3
                ? Promise.resolve()
                : Promise.reject(new Error(t('realNames.reasonShort')));
            },
          },
          contractRule(rejectFields.reason, t('realNames.reasonRule')),
        ]}
      >
        <Input.TextArea rows={3} maxLength={REASON_MAX} autoFocus />
      </Form.Item>
      <StaffNoteItem />
    </FormModal>
  );
}
