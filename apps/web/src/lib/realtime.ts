import { useEffect } from 'react';
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
  onSessionRefused: (wasLoggedIn: boolean) => void;
}

let wired = false;
/** Connects the socket to the stores: ticks into the quotes store, the session into login/logout. */
export function wireRealtime(hooks: RealtimeHooks): void {
  if (wired) return;
  wired = true;
  socket.on('resumed', () => hooks.onResumed());
  socket.on('session_refused', (msg) => hooks.onSessionRefused(msg.wasLoggedIn === true));
  const ticks = createTickBatcher();
  socket.on(TOPIC_DAY_MARKET, (msg) => {
    const data = msg.data as LiveQuote | undefined;
    if (data && typeof data.Id === 'number') ticks.push(data);
  });
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
