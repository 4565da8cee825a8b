import { EventEmitter } from 'node:events';

/**
 * Tells the socket gateway which sessions were revoked (logout, password change or reset) so it
 * can close their sockets at once. In process; a multi-node deployment relays it through Redis.
 */
/**
 * How long the sockets of a replaced session keep it: the device that signed in anew moves its own
 * socket to the new session within this (a login frame); any other socket still on it is then closed.
 */
export const REPLACED_GRACE_MS = 5_000;

export class SessionEvents {
  private readonly emitter = new EventEmitter();

  revoked(tokenHashes: string[]) {
    if (tokenHashes.length === 0) return;
    this.emitter.emit('ended', tokenHashes);
    this.emitter.emit('revoked', tokenHashes);
  }

  /**
   * Sessions a device replaced by signing in again (another account, or the same anew): they end
   * for calls at once, and their sockets hear it after REPLACED_GRACE_MS, or this device's own
   * socket, still on the old session until it logs in with the new token, would be told 'session
   * ended' and sign the trader out of the session just opened.
   */
  replaced(tokenHashes: string[], graceMs = REPLACED_GRACE_MS) {
    if (tokenHashes.length === 0) return;
    this.emitter.emit('ended', tokenHashes);
    setTimeout(() => this.emitter.emit('revoked', tokenHashes), graceMs).unref();
  }

  /** Sessions that may no longer be used for calls (revoked or replaced), at once. */
  onEnded(listener: (tokenHashes: string[]) => void) {
    this.emitter.on('ended', listener);
    return () => this.emitter.off('ended', listener);
  }

  onRevoked(listener: (tokenHashes: string[]) => void) {
    this.emitter.on('revoked', listener);
    return () => this.emitter.off('revoked', listener);
  }
}
