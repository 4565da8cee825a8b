import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TOPIC_FOREX_TRADE } from '../../../lib/calls';
import { socket, useTopic } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../stores/session';
import { marginCallWatcher } from '../live';

/**
 * The margin-call warning (DESIGN §3) on whatever screen the trader is on: FOREX_TRADE reaches the
 * logged-in socket everywhere, and a toast tells when the account enters the margin-call band. The
 * order screen's summary card keeps the warning on show while it lasts. It holds a subscription of
 * its own (subscriptions are counted): the order screen's unsub on leaving must not stop the pushes
 * this warning needs (the server honours an unsub).
 */
export function useMarginCallAlert(): void {
  useTopic(TOPIC_FOREX_TRADE);
  const { t } = useTranslation();
  // The latest translator, without re-creating the watcher (a language change must not warn again).
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    const watcher = marginCallWatcher(() => toast(translate.current('orders.marginCallWarning')));
    const offSession = useSession.subscribe((state, prev) => {
      if (state.token !== prev.token) watcher.reset();
    });
    const offTrade = socket.on(TOPIC_FOREX_TRADE, (msg) => watcher.push(msg.data));
    return () => {
      offSession();
      offTrade();
    };
  }, []);
}
