import type { Db } from '../../db/client.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import type { MarketRuntime } from '../../market/market-runtime.ts';

/** What copy trading (DESIGN §9) works with: the database, the engine that mirrors, the market. */
export interface CopyTradingDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  market: Pick<MarketRuntime, 'instrumentById'>;
  /** The trader's uploads (an avatar is published from here) and the public images folder. */
  privateUploadDir: string;
  publicUploadDir: string;
}
