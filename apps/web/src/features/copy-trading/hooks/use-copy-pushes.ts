import type { FollowView } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socket, useTopic } from '../../../lib/realtime';
import { TOPIC_COPY_TRADE } from '../api/calls';
import { copyKeys } from '../api/keys';
import { applyCopyTrade, isCopyTradeData } from '../live';

/** The least time between two reloads a push asks for (a burst of opens and closes loads once or twice). */
export const STALE_RELOAD_MS = 1500;

/**
 * The copy tab's live figures (DESIGN §9): each COPY_TRADE frame updates its follow's equity,
 * margin, balance, profit and the copies' prices and profits in the loaded list; a frame whose open
 * copies differ from those shown (the provider opened or closed one), or about a follow not shown,
 * loads the list again (at most every 1.5 s, and once more after that if still needed).
 */
export function useCopyPushes(enabled: boolean): void {
  const queryClient = useQueryClient();
  useTopic(enabled ? TOPIC_COPY_TRADE : null);

  useEffect(() => {
    if (!enabled) return;
    let lastReload = 0;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      const wait = lastReload + STALE_RELOAD_MS - Date.now();
      if (wait > 0) {
        pending ??= setTimeout(() => {
          pending = null;
          reload();
        }, wait);
        return;
      }
      lastReload = Date.now();
      void queryClient.invalidateQueries({ queryKey: copyKeys.mine });
    };
    const off = socket.on(TOPIC_COPY_TRADE, (msg) => {
      if (!isCopyTradeData(msg.data)) return;
      const data = msg.data;
      // A list still loading has nothing to update: what it brings is newer than this frame's rows.
      const shown = queryClient.getQueryData<FollowView[]>(copyKeys.mine);
      if (!shown) return;
      const { follows, stale } = applyCopyTrade(shown, data);
      if (follows !== shown) queryClient.setQueryData(copyKeys.mine, follows);
      if (stale) reload();
    });
    return () => {
      off();
      if (pending) clearTimeout(pending);
    };
  }, [enabled, queryClient]);
}
