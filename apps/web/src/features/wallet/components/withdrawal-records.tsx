import { WITHDRAWAL_STATUS } from '@meridian/contracts/statuses';
import { useTranslation } from 'react-i18next';
import { useWithdrawals } from '../api/get-withdrawals';
import type { MethodType } from '../api/keys';
import type { WithdrawalRecord } from '../api/types';
import { amountText, receivedAmountText, timeText } from '../format';
import { RecordSection } from './record-section';
import styles from './wallet.module.css';

/** Withdrawal status (reviewing, paid or rejected); its name comes from the server. */
const statusClass = (status: number) =>
  status === WITHDRAWAL_STATUS.PAID
    ? styles.statusDone
    : status === WITHDRAWAL_STATUS.REJECTED
      ? styles.statusRefused
      : '';

function WithdrawalRow({ record }: { record: WithdrawalRecord }) {
  const { t } = useTranslation();
  const target = record.type === 1 ? record.address : record.payee_account;
  return (
    <div className={styles.row} data-testid="withdrawal-row" data-id={record.id}>
      <div className={styles.rowHead}>
        <span className={styles.rowTitle}>{record.draw_currency.code}</span>
        <span className={`${styles.rowValue} num`}>{amountText(record.number)}</span>
      </div>
      <div className={styles.rowFoot}>
        <span className={`${styles.rowMeta} num`}>
          {t('wallet.recordFee', {
            fee: amountText(record.fee),
            received: receivedAmountText(record.real_number),
            code: record.draw_currency.code,
          })}
        </span>
        <span className={`${styles.status} ${statusClass(record.status)}`} data-testid="withdrawal-status">
          {record.status_name}
        </span>
      </div>
      {target ? <span className={`${styles.rowMeta} num`}>{target}</span> : null}
      <span className={`${styles.rowMeta} num`}>{timeText(record.created_at)}</span>
      {record.notes ? <span className={styles.rowMeta}>{record.notes}</span> : null}
      {record.remark ? (
        <span className={styles.rowMeta} data-testid="withdrawal-remark">
          {record.remark}
        </span>
      ) : null}
    </div>
  );
}

/** The withdrawals of a tab (draw_list), newest first, loaded as the list scrolls. */
export function WithdrawalRecords({ type }: { type: MethodType }) {
  const { t } = useTranslation();
  const records = useWithdrawals(type);
  return (
    <RecordSection
      id="withdrawal-records-title"
      title={t('wallet.withdrawalRecords')}
      records={records}
      row={(record) => <WithdrawalRow record={record} />}
    />
  );
}
