import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TOPIC_FOREX_CLOSED, TOPIC_FOREX_TRADE } from '../../../lib/calls';
import { socket, useTopic } from '../../../lib/realtime';
import { type OrderPages, orderKeys } from '../api/get-orders';
import {
  closedIdsOf,
  type ForexTradeData,
  listHasAny,
  removeOrders,
  unknownIds,
  useLiveOrders,
} from '../live';

/**
 * The order screen's live pushes (spec §7). FOREX_TRADE (sent to the logged-in socket; the sub is
 * harmless) updates the summary and the rows' current price and profit; FOREX_CLOSED removes the
 * orders from the holding and pending lists, refreshes history and the summary, and tells the
 * screen which ids ended (to close an open detail popup).
 */
export function useOrderPushes(onClosed: (ids: number[]) => void): void {
  const queryClient = useQueryClient();
  const closedHandler = useRef(onClosed);
  closedHandler.current = onClosed;
  useTopic(TOPIC_FOREX_TRADE);

  useEffect(() => {
    let lastRefresh = 0;
    const offTrade = socket.on(TOPIC_FOREX_TRADE, (msg) => {
      const data = msg.data as ForexTradeData | undefined;
      if (!data || typeof data !== 'object') return;
      useLiveOrders.getState().apply(data);
      // A position the holding list does not show yet (a pending order filled): reload, at most every 2 s.
      const holding = queryClient.getQueryData<OrderPages>(orderKeys.list(1));
      const ids = (data.TransOrder ?? []).map((o) => o.Id);
      if (unknownIds(holding, ids).length > 0 && Date.now() - lastRefresh > 2000) {
        lastRefresh = Date.now();
        void queryClient.invalidateQueries({ queryKey: orderKeys.list(1) });
      }
    });
    const offClosed = socket.on(TOPIC_FOREX_CLOSED, (msg) => {
      const ids = closedIdsOf(msg.data);
      if (ids.length === 0) return;
      const wasPending = listHasAny(queryClient.getQueryData<OrderPages>(orderKeys.list(0)), ids);
      for (const status of [1, 0] as const) {
        queryClient.setQueryData<OrderPages>(orderKeys.list(status), (d) => removeOrders(d, ids));
      }
      if (wasPending) void queryClient.invalidateQueries({ queryKey: orderKeys.list(1) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.list(3) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.summary });
      closedHandler.current(ids);
    });
    return () => {
      offTrade();
      offClosed();
    };
  }, [queryClient]);
}
