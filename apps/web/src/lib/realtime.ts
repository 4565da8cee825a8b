import { useEffect, useSyncExternalStore } from 'react';
import { createTickBatcher, type LiveQuote } from '../stores/quotes';
import { useSession } from '../stores/session';
import { socketUrl } from './api-host';
import { TOPIC_DAY_MARKET } from './calls';
import { currentLanguage } from './i18n';
import { SocketClient } from './socket';

/** The app's single socket client. */
export const socket = new SocketClient({ url: () => socketUrl(location, currentLanguage()) });

export interface RealtimeHooks {
  /** The socket is back after a gap: reload what its pushes would have changed. */
  onResumed: () => void;
  /** The server refused the session: `wasLoggedIn` when it was accepted before (revoked in use). */
  onSessionRefused: (wasLoggedIn: boolean, msg: string, token: string | null) => void;
}

let wired = false;
/** Connects the socket to the stores: ticks into the quotes store, the session into login/logout. */
export function wireRealtime(hooks: RealtimeHooks): void {
  if (wired) return;
  wired = true;
  socket.on('resumed', () => hooks.onResumed());
  socket.on('session_refused', (msg) =>
    hooks.onSessionRefused(
      msg.wasLoggedIn === true,
      typeof msg.msg === 'string' ? msg.msg : '',
      typeof msg.token === 'string' ? msg.token : null,
    ),
  );
  const ticks = createTickBatcher();
  socket.on(TOPIC_DAY_MARKET, (msg) => {
    const data = msg.data as LiveQuote | undefined;
    if (data && typeof data.Id === 'number') ticks.push(data);
  });
  // The browser knows before the heartbeats do: prices are marked at once, and the socket comes
  // back as soon as the network does.
  window.addEventListener('offline', () => socket.connectionLost());
  window.addEventListener('online', () => socket.retryNow());
  const initial = useSession.getState().token;
  if (initial) socket.login(initial);
  useSession.subscribe((state, prev) => {
    if (state.token === prev.token) return;
    if (state.token) socket.login(state.token);
    else socket.logout();
  });
}

/** Keeps a topic subscribed while the calling component is mounted. */
export function useTopic(topic: string | null | undefined): void {
  useEffect(() => {
    if (!topic) return;
    return socket.subscribe(topic);
  }, [topic]);
}

/**
 * Whether live prices are flowing (the socket is connected, or has not been yet). Screens mark
 * bid and ask as not live while it is false: they are the last prices received, not the market's.
 */
export function useQuotesLive(): boolean {
  return useSyncExternalStore(subscribeConnection, readLive);
}
// Module-level, so a re-render (every tick on a quote row) does not unsubscribe and subscribe again.
const subscribeConnection = (onChange: () => void) => socket.on('connection', onChange);
const readLive = () => socket.isLive;
