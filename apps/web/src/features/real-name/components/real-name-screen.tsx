import { REAL_NAME_STATUS } from '@meridian/contracts/statuses';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { RealAccountGate } from '../../../components/real-account-gate';
import { useRealName } from '../api/get-real-name';
import styles from './real-name.module.css';
import { RealNameForm } from './real-name-form';
import { RealNameRecordView } from './real-name-record';
import { StatusBanner } from './status-banner';

function Loading() {
  const { t } = useTranslation();
  return (
    <div
      className={styles.skeleton}
      role="status"
      aria-label={t('app.loading')}
      data-testid="real-name-loading"
    >
      <span />
      <span />
      <span className={styles.tall} />
    </div>
  );
}

function RealNameContent() {
  const { t } = useTranslation();
  const center = useRealName();
  if (center.isPending) return <Loading />;
  if (center.isError) {
    return (
      <div className={styles.failed} data-testid="real-name-error">
        <p>{t('common.loadFailed')}</p>
        <Button shape="rounded" onClick={() => void center.refetch()} loading={center.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const record = center.data;
  switch (record.review_status) {
    case REAL_NAME_STATUS.WAITING:
    case REAL_NAME_STATUS.FINISHED:
      return (
        <>
          <StatusBanner status={record.review_status} />
          <RealNameRecordView record={record} />
        </>
      );
    case REAL_NAME_STATUS.REJECTED:
      return (
        <>
          <StatusBanner status={REAL_NAME_STATUS.REJECTED}>
            {record.reject_reason ? (
              <p className={styles.reason} data-testid="real-name-reason">
                {record.reject_reason}
              </p>
            ) : null}
          </StatusBanner>
          <RealNameForm key={record.submitted_at} previous={record} />
        </>
      );
    default:
      return (
        <>
          <p className={styles.intro}>{t('realName.intro')}</p>
          <RealNameForm />
        </>
      );
  }
}

/**
 * `/mine/auth` (spec §2 'real auth', §4, DESIGN §8): 0 not submitted → the form; 1 waiting and 2
 * approved → the submission read-only under its state; 3 rejected → the reason, and the form again.
 * A demo account is told it needs a real one (the personal centre does not lead here for it).
 */
export function RealNameScreen() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('screens.auth')} />
      <main className={styles.body}>
        <RealAccountGate>
          <RealNameContent />
        </RealAccountGate>
      </main>
    </div>
  );
}
