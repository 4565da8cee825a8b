import { serviceLinkOf } from '@meridian/contracts/service-link';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeadsetIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { useBasicInfo } from '../../../lib/basic-info';
import styles from './mine.module.css';

/** `/mine/chat` (spec §2): the customer-service page (service_link) embedded full-screen. */
export function ChatScreen() {
  const { t } = useTranslation();
  const basic = useBasicInfo();
  const link = serviceLinkOf(basic.data?.service_link);
  return (
    <div className={styles.chatPage}>
      <PageHeader title={t('screens.chat')} />
      {basic.isPending ? (
        <div className={styles.body}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : link ? (
        <iframe
          className={styles.frame}
          src={link}
          title={t('screens.chat')}
          allow="clipboard-write; microphone; camera"
          referrerPolicy="no-referrer-when-downgrade"
          data-testid="chat-frame"
        />
      ) : (
        <div className={styles.notice} data-testid="chat-not-configured">
          <span className={styles.badge}>
            <HeadsetIcon size={30} />
          </span>
          <p>{t('chat.notConfigured')}</p>
          <Link to="/mine/email">{t('chat.emailInstead')}</Link>
        </div>
      )}
    </div>
  );
}
