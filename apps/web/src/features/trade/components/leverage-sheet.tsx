import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../../components/dialog-panel';
import { usePopupFocus } from '../../../lib/popup-focus';
import styles from './trade.module.css';

interface LeverageSheetProps {
  open: boolean;
  options: readonly number[];
  value: number | null;
  onPick: (leverage: number) => void;
  onClose: () => void;
}

/**
 * The leverage choice: a sheet of buttons, one tap each. It replaced antd-mobile's wheel picker,
 * which a keyboard could not reach (its Confirm and Cancel are links without a tab stop) nor a
 * screen reader use.
 */
export function LeverageSheet({ open, options, value, onPick, onClose }: LeverageSheetProps) {
  const { t } = useTranslation();
  const panel = usePopupFocus<HTMLDivElement>(open, onClose);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <DialogPanel
        ref={panel}
        labelledBy="leverage-sheet-title"
        className={styles.sheetPanel}
        testId="leverage-sheet"
      >
        <h2 className={styles.sheetTitle} id="leverage-sheet-title">
          {t('trade.chooseLeverage')}
        </h2>
        <div className={styles.sheetOptions}>
          {options.map((v) => (
            <button
              key={v}
              type="button"
              className={
                v === value ? `${styles.sheetOption} ${styles.sheetOptionActive}` : styles.sheetOption
              }
              aria-pressed={v === value}
              onClick={() => {
                onPick(v);
                onClose();
              }}
              data-testid={`leverage-option-${v}`}
            >
              <span className="num">1:{v}</span>
            </button>
          ))}
        </div>
        <button type="button" className={styles.sheetCancel} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </DialogPanel>
    </Popup>
  );
}
