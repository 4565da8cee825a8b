import type { Order } from '@meridian/contracts';
import { TOPIC_DAY_MARKET } from '../../../lib/calls';
import { useTopic } from '../../../lib/realtime';
import { useQuoteValue } from '../../../stores/quotes';
import { isBuy } from '../format';

/**
 * The live price a pending order waits for, from its instrument's quote: the ask for a buy, the bid
 * for a sell, the side that fills it (DESIGN §4). The close side (a position's current price) would
 * read as "reached the target" a spread before the order fills. Until a quote comes, the fill-side
 * price the order list carried (`UpdatePrice`; 0, shown '--', if it had none).
 * The quotes are subscribed only while `active`: the order screen does not otherwise need them.
 */
export function usePendingFillPrice(
  order: Pick<Order, 'ForexId' | 'OrderType' | 'UpdatePrice'>,
  active: boolean,
): number {
  useTopic(active ? TOPIC_DAY_MARKET : null);
  const buy = isBuy(order);
  return useQuoteValue(order.ForexId, (q) => (q ? (buy ? q.Ask : q.Bid) : order.UpdatePrice), active);
}
