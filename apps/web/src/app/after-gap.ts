import { copyKeys } from '../features/copy-trading/api/keys';
import { orderKeys } from '../features/orders/api/get-orders';
import { useLiveOrders } from '../features/orders/live';
import { klineKeys } from '../features/trade/api/get-kline';
import { walletKeys } from '../features/wallet/api/keys';
import { queryClient } from '../lib/query-client';

/**
 * After the socket was away (a network drop, a server restart, a phone asleep): pushes are not
 * replayed, so what they would have changed is loaded again — the order lists and the summary
 * (a position closed meanwhile), the candles (the forming one, and those that closed meanwhile),
 * the balance, the copy tab's follows. The live figures are forgotten until the next FOREX_TRADE,
 * which the server sends on login. Loaded on demand: a gap is rare, the first screen does not need this.
 */
export function reloadAfterGap(): void {
  useLiveOrders.getState().reset();
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  void queryClient.invalidateQueries({ queryKey: klineKeys.all });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  // The follows' figures and copies (COPY_TRADE pushes missed meanwhile).
  void queryClient.invalidateQueries({ queryKey: copyKeys.mine });
}
