import { Button, Skeleton } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { useUserInfo } from '../api/get-user-info';
import { inviteLink } from '../invite-link';
import { AccountGate } from './account-gate';
import styles from './mine.module.css';

/** Spec §2/§9: the invitation QR code is 160 px at error-correction level H. */
export const INVITE_QR_SIZE = 160;

function InviteCard() {
  const { t } = useTranslation();
  const stored = useSession((s) => s.user);
  const info = useUserInfo();
  const code = (info.data ?? stored)?.invite_code ?? '';

  const copy = async (text: string) => {
    if (await copyText(text)) toast(t('common.copied'));
  };

  if (!code) {
    return (
      <div className={styles.card}>
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  const link = inviteLink(code);
  return (
    <>
      <section className={`${styles.card} ${styles.center}`}>
        <p className={styles.caption}>{t('invite.code')}</p>
        <p className={`${styles.code} num`} data-testid="invite-code">
          {code}
        </p>
        <div className={styles.qr}>
          <QRCodeCanvas
            value={link}
            size={INVITE_QR_SIZE}
            level="H"
            marginSize={0}
            data-testid="invite-qr"
            role="img"
            aria-label={t('invite.qrLabel')}
          />
        </div>
        <p className={styles.caption} style={{ marginTop: 18 }}>
          {t('invite.link')}
        </p>
        <p className={`${styles.linkBox} num`} data-testid="invite-link">
          {link}
        </p>
        <div className={styles.buttons}>
          <Button shape="rounded" onClick={() => void copy(code)}>
            {t('invite.copyCode')}
          </Button>
          <Button
            color="primary"
            shape="rounded"
            onClick={() => void copy(link)}
            data-testid="copy-invite-link"
          >
            <CopyIcon size={16} /> {t('invite.copyLink')}
          </Button>
        </div>
      </section>
      <p className={styles.hint}>{t('invite.hint')}</p>
    </>
  );
}

/** `/mine/invite` (spec §2): invitation code, QR code of the link, the link and a copy button. */
export function InviteScreen() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('screens.invite')} />
      <main className={styles.body}>
        <AccountGate realOnly>
          <InviteCard />
        </AccountGate>
      </main>
    </div>
  );
}
