import type { Db } from '../../db/client.ts';
import type { TradingEngine } from '../../engine/trading-engine.ts';
import type { SessionEvents } from '../../lib/session-events.ts';
import type { LiveMarket } from '../../market/live-market.ts';
import type { MarketRuntime } from '../../market/market-runtime.ts';
import type { LiveSettings } from '../settings/live-settings.ts';

export interface BackofficeDeps {
  db: Db;
  now: () => number;
  engine: TradingEngine;
  market: MarketRuntime & Pick<LiveMarket, 'applyInstrument' | 'addInstrument' | 'applyCategory'>;
  settings: LiveSettings;
  sessionEvents: SessionEvents;
  /** Where uploaded public images (instrument logos) are stored; served at /static/upload/. */
  publicUploadDir: string;
}
