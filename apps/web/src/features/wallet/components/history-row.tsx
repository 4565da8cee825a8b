import { memo } from 'react';
import type { AccountLogEntry } from '../api/types';
import { historyLabelOf, signedAmountText, signOf } from '../format';
import styles from './wallet.module.css';

/** One balance movement: its description (Memo for type 10, else MemoTran), time and signed value. */
export const HistoryRow = memo(function HistoryRow({ entry }: { entry: AccountLogEntry }) {
  return (
    <div className={styles.row} data-testid="history-row" data-id={entry.Id}>
      <div className={styles.rowHead}>
        <span className={styles.rowTitle} data-testid="history-label">
          {historyLabelOf(entry)}
        </span>
        <span className={`${styles.rowValue} num ${styles[signOf(entry.Value)]}`} data-testid="history-value">
          {signedAmountText(entry.Value)}
        </span>
      </div>
      <span className={`${styles.rowMeta} num`}>{entry.CreatedAtTran}</span>
    </div>
  );
});
