import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { candles } from '../db/schema.ts';
import type { Candle, CandlePeriod, CandleStore } from './types.ts';

/** CandleStore over the `candles` table; prices go in as NUMERIC text and come back as numbers. */
export class DbCandleStore implements CandleStore {
  constructor(private readonly db: Db) {}

  async loadRecent(instrumentId: number, period: CandlePeriod, limit: number): Promise<Candle[]> {
    const rows = await this.db
      .select()
      .from(candles)
      .where(and(eq(candles.instrumentId, instrumentId), eq(candles.period, period)))
      .orderBy(desc(candles.time))
      .limit(limit);
    return rows.reverse().map((r) => ({
      time: r.time,
      open: Number(r.open),
      high: Number(r.high),
      low: Number(r.low),
      close: Number(r.close),
      volume: Number(r.volume),
    }));
  }

  async saveClosed(
    rows: Array<{ instrumentId: number; period: CandlePeriod; candle: Candle }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(candles)
      .values(
        rows.map(({ instrumentId, period, candle: c }) => ({
          instrumentId,
          period,
          time: c.time,
          open: String(c.open),
          high: String(c.high),
          low: String(c.low),
          close: String(c.close),
          volume: String(c.volume),
        })),
      )
      .onConflictDoUpdate({
        target: [candles.instrumentId, candles.period, candles.time],
        set: {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
        },
      });
  }
}
