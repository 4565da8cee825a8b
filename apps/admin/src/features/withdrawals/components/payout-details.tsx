import type { StaffWithdrawalPayout } from '@meridian/contracts';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DASH } from '../../../lib/format';
import type { WithdrawalRow } from './withdrawal-review-drawer';

/** The snapshot's fields staff pay from, in the order a transfer form asks for them. */
const COIN_FIELDS = ['address', 'network'] as const;
const BANK_FIELDS = [
  'payeeName',
  'payeeAccount',
  'bankName',
  'bankAddress',
  'bankSwift',
  'receiptCurrency',
  'payee',
  'bankRemark',
] as const;

const copyable = (text: string) => (
  <Typography.Text copyable style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
    {text}
  </Typography.Text>
);

/**
 * The drawer's rows for where a withdrawal goes: every field of the trader's method as it was at the
 * request, each copyable (empty ones shown as a dash; a coin with no network says so). A request
 * made before these were kept has its one-line destination only, and says that.
 */
export function payoutItems(withdrawal: WithdrawalRow, t: TFunction) {
  const { payout } = withdrawal;
  if (!payout) {
    return [
      {
        key: 'destination',
        label: t('withdrawals.destination'),
        children: withdrawal.destination ? (
          <>
            {copyable(withdrawal.destination)}
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {t('withdrawals.payout.notKept')}
            </Typography.Paragraph>
          </>
        ) : (
          DASH
        ),
      },
    ];
  }
  const fields = withdrawal.type === 1 ? COIN_FIELDS : BANK_FIELDS;
  return fields.map((field) => ({
    key: `payout-${field}`,
    label: t(`withdrawals.payout.${field}`),
    children: payout[field]
      ? copyable(payout[field])
      : field === 'network'
        ? t('withdrawals.payout.noNetwork')
        : DASH,
  }));
}

/**
 * One line for the queue: a coin's address and network, or the account name, bank and number,
 * SWIFT and the currency the bank receives, so the list alone tells requests apart.
 */
export function payoutSummary(withdrawal: Pick<WithdrawalRow, 'type' | 'destination' | 'payout'>): string {
  const p: StaffWithdrawalPayout | null = withdrawal.payout;
  if (!p || withdrawal.type === 1) return withdrawal.destination;
  return [p.payeeName, `${p.bankName} ${p.payeeAccount}`.trim(), p.bankSwift, p.receiptCurrency]
    .filter(Boolean)
    .join(' · ');
}
