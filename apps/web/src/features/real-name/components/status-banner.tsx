import { REAL_NAME_STATUS } from '@meridian/contracts/statuses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ClockIcon, InfoIcon } from '../../../components/icons';
import styles from './real-name.module.css';

const LOOK = {
  [REAL_NAME_STATUS.WAITING]: {
    className: styles.waiting,
    title: 'realName.waiting',
    hint: 'realName.waitingHint',
    Icon: ClockIcon,
  },
  [REAL_NAME_STATUS.FINISHED]: {
    className: styles.approved,
    title: 'realName.approved',
    hint: 'realName.approvedHint',
    Icon: CheckIcon,
  },
  [REAL_NAME_STATUS.REJECTED]: {
    className: styles.rejected,
    title: 'realName.rejected',
    hint: 'realName.rejectedHint',
    Icon: InfoIcon,
  },
} as const;

/** The review's state above the record or the reopened form: waiting, approved, or rejected and why. */
export function StatusBanner({
  status,
  children,
}: {
  status: keyof typeof LOOK;
  /** Under the text: the rejection's reason. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const look = LOOK[status];
  return (
    <section
      className={`${styles.banner} ${look.className}`}
      aria-labelledby="real-name-status"
      data-testid="real-name-status"
      data-status={status}
    >
      <span className={styles.bannerIcon} aria-hidden="true">
        <look.Icon size={20} />
      </span>
      <div>
        <h2 id="real-name-status">{t(look.title)}</h2>
        <p>{t(look.hint)}</p>
        {children}
      </div>
    </section>
  );
}
