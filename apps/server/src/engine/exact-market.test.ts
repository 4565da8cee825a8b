import { describe, expect, it } from 'vitest';
import type { InstrumentRecord } from '../market/market-runtime.ts';
import type { Quote } from '../market/types.ts';
import { ExactMarket } from './exact-market.ts';

const record = (over: Partial<InstrumentRecord>): InstrumentRecord => ({
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  categoryId: 1,
  logo: '',
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  contractSize: '100000',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [100],
  sort: 1,
  tickIntervalMs: 500,
  maxLotsPerOrder: '50',
  maxOpenLots: '200',
  enabled: true,
  ...over,
});

function market(records: InstrumentRecord[], quotes: Map<number, Quote>) {
  return new ExactMarket({
    instrumentById: (id) => records.find((r) => r.id === id),
    instruments: () => records,
    latest: (id) => quotes.get(id),
  });
}

const quote = (bid: number, ask: number, seq = 1): Quote => ({
  instrumentId: 1,
  code: 'EURUSD',
  bid,
  ask,
  mid: (bid + ask) / 2,
  timeMs: 1000,
  seq,
});

describe('ExactMarket', () => {
  it('knows which instruments convert their profit through a pair (JP225 and EURJPY through USDJPY)', () => {
    const records = [
      record({}),
      record({ id: 2, code: 'USDJPY', baseCurrency: 'USD', quoteCurrency: 'JPY' }),
      record({ id: 3, code: 'JP225', baseCurrency: 'JPY', quoteCurrency: 'JPY' }),
      record({ id: 4, code: 'EURJPY', baseCurrency: 'EUR', quoteCurrency: 'JPY' }),
      record({ id: 5, code: 'EURGBP', baseCurrency: 'EUR', quoteCurrency: 'GBP' }),
      record({ id: 6, code: 'GBPUSD', baseCurrency: 'GBP', quoteCurrency: 'USD' }),
    ];
    const m = market(records, new Map());
    m.buildConversions();
    expect(m.convertingThrough(2)).toEqual([3, 4]);
    expect(m.convertingThrough(6)).toEqual([5]);
    expect(m.convertingThrough(1)).toEqual([]); // EURUSD converts nothing: no profit is in EUR
    expect(m.convertingThrough(3)).toEqual([]);
  });

  it('parses a quote at the instrument precision, and again when the feed changes it in place', () => {
    const eurusd = record({});
    const q = quote(1.165, 1.16512);
    const m = market([eurusd], new Map([[1, q]]));
    const a = m.latest(eurusd)!;
    expect([a.bidText, a.askText]).toEqual(['1.165', '1.16512']);
    expect(m.latest(eurusd)).toBe(a); // cached
    q.ask = 1.1652;
    expect(m.latest(eurusd)!.askText).toBe('1.1652');
  });

  it('prices nothing from a quote that is not a price', () => {
    const eurusd = record({});
    const usdjpy = record({
      id: 2,
      code: 'USDJPY',
      baseCurrency: 'USD',
      quoteCurrency: 'JPY',
      pricePrecision: 3,
    });
    const quotes = new Map([
      [1, quote(0, 1.1)],
      [2, { ...quote(Number.NaN, 150), instrumentId: 2 }],
    ]);
    const m = market([eurusd, usdjpy], quotes);
    m.buildConversions();
    expect(m.latest(eurusd)).toBeNull();
    expect(m.latest(usdjpy)).toBeNull();
    expect(m.rates('EUR')).toBeNull();
    expect(m.rates('JPY')).toBeNull();
    quotes.set(2, { ...quote(149.5, 149.52), instrumentId: 2 });
    expect(m.rates('JPY')).toEqual({ pair: 'USD/XXX', bid: { n: 1495n, s: 1 }, ask: { n: 14952n, s: 2 } });
  });

  it('parses terms again after staff change them in place', () => {
    const eurusd = record({});
    const m = market([eurusd], new Map());
    expect(m.termsOf(eurusd).feeRate).toEqual({ n: 3n, s: 3 });
    eurusd.feeRate = '0.004';
    expect(m.termsOf(eurusd).feeRate).toEqual({ n: 4n, s: 3 });
  });
});
