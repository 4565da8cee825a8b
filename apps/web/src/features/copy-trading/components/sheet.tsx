import { Popup } from 'antd-mobile';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel } from '../../../components/dialog-panel';
import { usePopupFocus } from '../../../lib/popup-focus';
import styles from './copy-trading.module.css';

/**
 * A bottom sheet holding one form (follow, settings, funds): named by its title, Escape and the
 * close button close it, Tab stays inside, focus returns to what opened it.
 */
export function Sheet({
  open,
  onClose,
  title,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = usePopupFocus<HTMLDivElement>(open, onClose);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.popup} destroyOnClose>
      <DialogPanel ref={panel} labelledBy={titleId} className={styles.panel} testId={testId}>
        <header className={styles.sheetHead}>
          <h2 id={titleId} className={styles.sheetTitle}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.sheetClose}
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {children}
      </DialogPanel>
    </Popup>
  );
}
