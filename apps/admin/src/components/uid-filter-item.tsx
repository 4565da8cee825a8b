import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list's user filter: the UID staff see in every table (DESIGN §1), never the internal id.
 * Anything but digits is dropped as it is typed, so a pasted "UID 12345678" still searches.
 */
export function UidFilterItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="uid" label={t('users.uid')} normalize={(v?: string) => (v ?? '').replace(/\D/g, '')}>
      <Input inputMode="numeric" maxLength={20} allowClear style={{ width: 140 }} />
    </Form.Item>
  );
}
