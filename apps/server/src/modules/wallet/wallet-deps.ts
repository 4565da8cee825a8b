import type { Db } from '../../db/client.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';

/** What the wallet's calls (the trader's and staff review) work with. */
export interface WalletDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  /** Private uploads (deposit proofs): only the owner and staff may read them. */
  privateUploadDir: string;
}
