import { staffReviewProviderCall } from '@meridian/contracts';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { contractRule } from '../../../lib/contract-rule';
import { STAFF_CODES, StaffApiError } from '../../../lib/staff-client';
import { type ProviderAction, type ProviderRow, reviewProvider } from '../api/providers';

const noteField = staffReviewProviderCall.body!.shape.note;
const NOTE_MAX = 500;

/** How each decision's button looks: approving ones primary, ones that take something away danger. */
export const REVIEW_LOOKS: Record<ProviderAction, 'primary' | 'danger'> = {
  approve: 'primary',
  reinstate: 'primary',
  reject: 'danger',
  suspend: 'danger',
  remove: 'danger',
};

/**
 * A decision that takes something from the trader says why: the note is required (they read it on
 * their provider page); approving or reinstating may go without one.
 */
const needsNote = (action: ProviderAction) => REVIEW_LOOKS[action] === 'danger';

/**
 * The confirmation of one review decision: what it does to the provider and their followers, the
 * note the trader reads (kept in the audit log too), and the decision's button. When the provider's
 * status changed meanwhile (5117) the lists are read again and the drawer closes.
 */
export function ReviewProviderModal({
  provider,
  action,
  onClose,
  onReviewed,
}: {
  provider: ProviderRow;
  action: ProviderAction;
  onClose: () => void;
  onReviewed: () => void;
}) {
  const { t } = useTranslation();
  const who = { name: provider.nickname, uid: provider.uid, count: provider.followers };
  const danger = REVIEW_LOOKS[action] === 'danger';
  const required = needsNote(action);
  const send = async (note: string) => {
    try {
      return await reviewProvider(provider.userId, action, note);
    } catch (err) {
      if (err instanceof StaffApiError && err.code === STAFF_CODES.ALREADY_REVIEWED) onReviewed();
      throw err;
    }
  };
  return (
    <FormModal<{ note?: string }>
      title={t(`copy.review.titles.${action}`, who)}
      okText={t(`copy.review.actions.${action}`)}
      danger={danger}
      initialValues={{ note: '' }}
      save={(v) => send((v.note ?? '').trim())}
      successText={() => t(`copy.review.done.${action}`, who)}
      onClose={onClose}
      onDone={onReviewed}
    >
      <Alert
        type={danger ? 'warning' : 'info'}
        showIcon
        title={t(`copy.review.effects.${action}`, who)}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="note"
        label={t('copy.review.note')}
        extra={t('copy.review.noteHelp')}
        validateFirst
        rules={[
          ...(required
            ? [
                { required: true, whitespace: true, message: t('copy.review.noteRequired') },
                {
                  validator: (_: unknown, value: string | undefined) => {
                    const length = (value ?? '').trim().length;
                    return length === 0 || length >= 3
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('copy.review.noteShort')));
                  },
                },
              ]
            : []),
          contractRule(noteField, t('copy.review.noteRule')),
        ]}
      >
        <Input.TextArea rows={3} maxLength={NOTE_MAX} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
