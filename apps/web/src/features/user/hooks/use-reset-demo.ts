import { newIdempotencyKey } from '@meridian/contracts/idempotency-key';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '../../../lib/confirm';
import { useSingleFlight } from '../../../lib/single-flight';
import { toast } from '../../../lib/toast';
import { walletKeys } from '../api/get-balance';
import { userKeys } from '../api/get-user-info';
import { resetDemoAccount } from '../api/reset-demo';

/**
 * Reset demo account (spec §2): confirmation → server call → its message → balance refreshed.
 * Single-flight: a second tap while the confirm is open or the call in flight does nothing.
 */
export function useResetDemo(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useSingleFlight(async () => {
    const confirmed = await openConfirm({
      title: t('user.resetDemo'),
      content: t('user.resetDemoConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    }).result;
    if (!confirmed) return;
    try {
      toast(await resetDemoAccount(newIdempotencyKey()));
    } catch {
      return; // refused: the request layer has shown the server's message
    }
    // Not awaited: the refresh does not hold the next reset back.
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    void queryClient.invalidateQueries({ queryKey: userKeys.info });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  });
}
