import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyIcon, MailIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useBasicInfo } from '../../../lib/basic-info';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import styles from './mine.module.css';

/** `/mine/email` (spec §2): the platform's complaint e-mail from the base settings, with a copy button. */
export function EmailScreen() {
  const { t } = useTranslation();
  const basic = useBasicInfo();
  const email = basic.data?.email ?? '';

  const copy = async () => {
    if (await copyText(email)) toast(t('common.copied'));
  };

  return (
    <div className="page">
      <PageHeader title={t('screens.email')} />
      <main className={styles.body}>
        <section className={`${styles.card} ${styles.center}`}>
          <span className={styles.badge}>
            <MailIcon size={30} />
          </span>
          <p className={styles.caption}>{t('email.label')}</p>
          {basic.isPending ? (
            <Skeleton.Title animated />
          ) : email ? (
            <>
              <p className={`${styles.email} num`} data-testid="platform-email">
                <a href={`mailto:${email}`}>{email}</a>
              </p>
              <Button color="primary" shape="rounded" block onClick={() => void copy()}>
                <CopyIcon size={16} /> {t('common.copy')}
              </Button>
            </>
          ) : (
            <p className={styles.email}>{t('email.none')}</p>
          )}
        </section>
        <p className={styles.hint}>{t('email.hint')}</p>
      </main>
    </div>
  );
}
