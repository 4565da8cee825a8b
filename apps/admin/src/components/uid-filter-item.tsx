import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list's user filter: the UID staff see in every table (DESIGN §1), never the internal id.
 * Anything but digits is dropped as it is typed, so a pasted "UID 12345678" still searches;
 * `label` names whose UID it is where a list has several users (a follower, not the provider).
 */
export function UidFilterItem({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="uid"
      label={label ?? t('users.uid')}
      normalize={(v?: string) => (v ?? '').replace(/\D/g, '')}
    >
      <Input inputMode="numeric" maxLength={20} allowClear style={{ width: 140 }} />
    </Form.Item>
  );
}
