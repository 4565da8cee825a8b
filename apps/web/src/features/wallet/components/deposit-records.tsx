import { DEPOSIT_STATUS } from '@meridian/contracts/statuses';
import { useTranslation } from 'react-i18next';
import { useDepositRecords } from '../api/get-deposit-records';
import type { DepositType } from '../api/keys';
import type { DepositRecord } from '../api/types';
import { amountText, timeText } from '../format';
import { RecordSection } from './record-section';
import styles from './wallet.module.css';

/** Spec §4 deposit status: unchecked, finished, rejected or invalid (DEPOSIT_STATUS). */
const statusClass = (status: number) =>
  status === DEPOSIT_STATUS.FINISHED
    ? styles.statusDone
    : status === DEPOSIT_STATUS.REJECTED || status === DEPOSIT_STATUS.INVALID
      ? styles.statusRefused
      : '';

function DepositRow({ record }: { record: DepositRecord }) {
  const { t } = useTranslation();
  const known = record.status >= DEPOSIT_STATUS.UNCHECKED && record.status <= DEPOSIT_STATUS.INVALID;
  return (
    <div className={styles.row} data-testid="deposit-row" data-id={record.id}>
      <div className={styles.rowHead}>
        <span className={styles.rowTitle}>{record.currency_code || t('wallet.bank')}</span>
        <span className={`${styles.rowValue} num`}>{amountText(record.number)}</span>
      </div>
      <div className={styles.rowFoot}>
        <span className={`${styles.rowMeta} num`}>{timeText(record.created_at)}</span>
        <span className={`${styles.status} ${statusClass(record.status)}`} data-testid="deposit-status">
          {known ? t(`wallet.depositStatus.${record.status}`) : record.status}
        </span>
      </div>
      {record.remark ? <span className={styles.rowMeta}>{record.remark}</span> : null}
    </div>
  );
}

/** The deposits of a tab (quick_ist), newest first, loaded as the list scrolls. */
export function DepositRecords({ type }: { type: DepositType }) {
  const { t } = useTranslation();
  const records = useDepositRecords(type);
  return (
    <RecordSection
      id="deposit-records-title"
      title={t('wallet.depositRecords')}
      records={records}
      row={(record) => <DepositRow record={record} />}
    />
  );
}
