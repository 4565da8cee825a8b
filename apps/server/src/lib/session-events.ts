import { EventEmitter } from 'node:events';

/**
 * Tells the socket gateway which sessions were revoked (logout, password change or reset) so it
 * can close their sockets at once. In process; a multi-node deployment relays it through Redis.
 */
export class SessionEvents {
  private readonly emitter = new EventEmitter();

  revoked(tokenHashes: string[]) {
    if (tokenHashes.length > 0) this.emitter.emit('revoked', tokenHashes);
  }

  onRevoked(listener: (tokenHashes: string[]) => void) {
    this.emitter.on('revoked', listener);
    return () => this.emitter.off('revoked', listener);
  }
}
