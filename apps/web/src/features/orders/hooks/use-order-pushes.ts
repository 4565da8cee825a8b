import { ORDER_STATUS } from '@meridian/contracts/statuses';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TOPIC_FOREX_CLOSED, TOPIC_FOREX_TRADE } from '../../../lib/calls';
import { socket, useTopic } from '../../../lib/realtime';
import { type OrderPages, orderKeys } from '../api/get-orders';
import {
  closedIdsOf,
  type ForexTradeData,
  filledFromPending,
  listHasAny,
  missingIds,
  removeOrders,
  useLiveOrders,
} from '../live';

/**
 * The order screen's live pushes (spec §7). FOREX_TRADE (sent to a logged-in socket until it
 * unsubscribes; subscriptions are counted, the margin-call alert holds one too) updates the summary and the rows' current price and profit, and moves pending orders
 * that filled off the pending list; FOREX_CLOSED removes the
 * orders from the holding and pending lists, refreshes history and the summary, and tells the
 * screen which ids ended (to close an open detail popup).
 */
export function useOrderPushes(onClosed: (ids: number[]) => void): void {
  const queryClient = useQueryClient();
  const closedHandler = useRef(onClosed);
  closedHandler.current = onClosed;
  useTopic(TOPIC_FOREX_TRADE);

  useEffect(() => {
    // Pushes reach this store only while the screen is open: what it held from an earlier visit
    // (another account, a stop-out since) must not stand in for the summary just fetched.
    useLiveOrders.getState().reset();
    let lastRefresh = 0;
    let lastMargin: string | undefined;
    const offTrade = socket.on(TOPIC_FOREX_TRADE, (msg) => {
      const data = msg.data as ForexTradeData | undefined;
      if (!data || typeof data !== 'object') return;
      useLiveOrders.getState().apply(data);
      // Pushes carry no balance: when the margin held moved (an order placed, filled or ended
      // elsewhere: another device, a copied trade), the balance moved with it; the summary is
      // asked afresh so balance, margin and net value add up again.
      if (lastMargin !== undefined && data.CautionMoneyAll !== lastMargin)
        void queryClient.invalidateQueries({ queryKey: orderKeys.summary });
      lastMargin = data.CautionMoneyAll;
      const ids = (data.TransOrder ?? []).map((o) => o.Id);
      // Pending orders that are positions now (filled): off the pending list, its open detail
      // closed (its Cancel no longer applies), the holding list and the summary reloaded.
      const filled = filledFromPending(
        queryClient.getQueryData<OrderPages>(orderKeys.list(ORDER_STATUS.PENDING)),
        ids,
      );
      if (filled.length > 0) {
        queryClient.setQueryData<OrderPages>(orderKeys.list(ORDER_STATUS.PENDING), (d) =>
          removeOrders(d, filled),
        );
        void queryClient.invalidateQueries({ queryKey: orderKeys.list(ORDER_STATUS.HOLDING) });
        void queryClient.invalidateQueries({ queryKey: orderKeys.summary });
        closedHandler.current(filled);
        return;
      }
      // A position missing from the loaded holding pages (a pending order filled): reload, at most
      // every 2 s. Not the positions of pages not loaded yet: they would reload page 1 on every push.
      const holding = queryClient.getQueryData<OrderPages>(orderKeys.list(ORDER_STATUS.HOLDING));
      if (missingIds(holding, ids).length > 0 && Date.now() - lastRefresh > 2000) {
        lastRefresh = Date.now();
        void queryClient.invalidateQueries({ queryKey: orderKeys.list(ORDER_STATUS.HOLDING) });
      }
    });
    const offClosed = socket.on(TOPIC_FOREX_CLOSED, (msg) => {
      const ids = closedIdsOf(msg.data);
      if (ids.length === 0) return;
      const wasPending = listHasAny(
        queryClient.getQueryData<OrderPages>(orderKeys.list(ORDER_STATUS.PENDING)),
        ids,
      );
      for (const status of [ORDER_STATUS.HOLDING, ORDER_STATUS.PENDING] as const) {
        queryClient.setQueryData<OrderPages>(orderKeys.list(status), (d) => removeOrders(d, ids));
      }
      if (wasPending) void queryClient.invalidateQueries({ queryKey: orderKeys.list(ORDER_STATUS.HOLDING) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.list(ORDER_STATUS.CLOSED) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.summary });
      closedHandler.current(ids);
    });
    return () => {
      offTrade();
      offClosed();
    };
  }, [queryClient]);
}
