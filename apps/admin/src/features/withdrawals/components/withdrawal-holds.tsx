import { Alert, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WithdrawalRow } from './withdrawal-review-drawer';

type Holds = WithdrawalRow['holds'];

const isHeld = (h: Holds) => h.loginFrozen || h.tradingFrozen;

/** The client's compliance freezes as red tags (nothing when there are none). */
export function HoldTags({ holds }: { holds: Holds }) {
  const { t } = useTranslation();
  if (!isHeld(holds)) return null;
  return (
    <Space size={4} wrap>
      {holds.loginFrozen && <Tag color="red">{t('users.loginFrozen')}</Tag>}
      {holds.tradingFrozen && <Tag color="red">{t('users.tradingFrozen')}</Tag>}
    </Space>
  );
}

/**
 * A freeze does not stop a withdrawal request (DECISIONS 'Freezes'): the staff member about to pay
 * it sees the hold and its reason first.
 */
export function HoldWarning({ holds }: { holds: Holds }) {
  const { t } = useTranslation();
  if (!isHeld(holds)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('withdrawals.heldWarning')}
      description={
        <Space direction="vertical" size={4}>
          <HoldTags holds={holds} />
          {holds.reason && (
            <span>
              {t('users.frozenReason')}: {holds.reason}
            </span>
          )}
        </Space>
      }
      data-testid="withdrawal-held"
    />
  );
}
