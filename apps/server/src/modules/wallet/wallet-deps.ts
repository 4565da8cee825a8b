import type { Db } from '../../db/client.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';

/** What the wallet's calls (the trader's and staff review) work with. */
export interface WalletDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  /** Private uploads (deposit proofs, ID images): the owner and the staff their kind names. */
  privateUploadDir: string;
}
