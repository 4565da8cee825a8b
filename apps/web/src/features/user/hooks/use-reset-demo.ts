import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { walletKeys } from '../api/get-balance';
import { userKeys } from '../api/get-user-info';
import { resetDemoAccount } from '../api/reset-demo';

/** Reset demo account (spec §2): confirmation → server call → its message → balance refreshed. */
export function useResetDemo(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async () => {
    const confirmed = await Dialog.confirm({
      title: t('user.resetDemo'),
      content: t('user.resetDemoConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      toast(await resetDemoAccount());
    } catch {
      return; // refused: the request layer has shown the server's message
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.info }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
    ]);
  };
}
