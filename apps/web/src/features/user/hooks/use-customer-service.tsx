import { serviceLinkOf } from '@meridian/contracts/service-link';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBasicInfo } from '../../../lib/basic-info';
import { copyText } from '../../../lib/clipboard';
import { openConfirm } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import styles from '../components/mine.module.css';

/** service_link_type values of the base settings (spec §2, customer service entry). */
export const SERVICE_LINK = { dialog: 2, redirect: 3 } as const;

/**
 * The customer-service entry: type 2 shows the link in a confirm dialog with a copy button,
 * type 3 leaves for the link, anything else (or no link) opens /mine/chat.
 */
export function useCustomerService(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const basic = useBasicInfo();
  return () => {
    const settings = basic.data;
    const link = serviceLinkOf(settings?.service_link);
    if (settings?.service_link_type === SERVICE_LINK.dialog && link) {
      // A confirm whose yes is Copy: Escape, Cancel or a tap beside it close it.
      void openConfirm({
        title: t('user.serviceTitle'),
        content: (
          <p className={styles.dialogLink} data-testid="service-link">
            {link}
          </p>
        ),
        cancelText: t('common.cancel'),
        confirmText: t('common.copy'),
        closeOnMaskClick: true,
      }).result.then(async (copy) => {
        if (copy && (await copyText(link))) toast(t('common.copied'));
      });
    } else if (settings?.service_link_type === SERVICE_LINK.redirect && link) {
      window.location.href = link;
    } else {
      navigate('/mine/chat');
    }
  };
}
