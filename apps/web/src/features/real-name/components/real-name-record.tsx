import type { RealNameRecord } from '@meridian/contracts';
import { useTranslation } from 'react-i18next';
import { IdImage } from './id-image';
import styles from './real-name.module.css';

/** A submission waiting for review or approved (spec §4: read-only): the details and both images. */
export function RealNameRecordView({ record }: { record: RealNameRecord }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-label={t('realName.submitted')} data-testid="real-name-record">
      <dl className={styles.details}>
        <div>
          <dt>{t('realName.name')}</dt>
          <dd data-testid="real-name-name">{record.name}</dd>
        </div>
        <div>
          <dt>{t('realName.cardId')}</dt>
          <dd className="num" data-testid="real-name-card">
            {record.card_id}
          </dd>
        </div>
        {record.submitted_at ? (
          <div>
            <dt>{t('realName.submittedAt')}</dt>
            <dd className="num">{record.submitted_at}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.sides}>
        <IdImage
          url={record.front_pic}
          caption={t('realName.front')}
          alt={t('realName.frontAlt')}
          testId="real-name-front-image"
        />
        <IdImage
          url={record.reverse_pic}
          caption={t('realName.back')}
          alt={t('realName.backAlt')}
          testId="real-name-back-image"
        />
      </div>
    </section>
  );
}
