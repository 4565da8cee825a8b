import {
  ACCOUNT_CURRENCY,
  type ExactQuote,
  type ExactRate,
  type ExactRateSource,
  type ExactTerms,
  exactPriceFromFeed,
  exactTerms,
  formatScaled,
  type InstrumentTerms,
  type Scaled,
  type UsdRate,
} from '@meridian/domain';
import type { InstrumentRecord } from '../market/market-runtime.ts';
import type { Quote } from '../market/types.ts';

/** A feed quote at its instrument's precision as exact integers, with the texts a row stores. */
export interface PricedQuote extends ExactQuote {
  /** The feed values it was parsed from (a feed may reuse its quote objects). */
  readonly bidF: number;
  readonly askF: number;
  readonly seq: number;
  readonly precision: number;
  readonly bidText: string;
  readonly askText: string;
  /** `timeMs` as the Date a row stores (shared by every row this quote prices; never mutated). */
  readonly time: Date;
}

interface TermsEntry {
  readonly src: InstrumentRecord;
  /** The record's term fields when its terms were parsed (staff edit records in place). */
  readonly snapshot: InstrumentTerms;
  readonly terms: ExactTerms;
}

interface Conversion {
  instrumentId: number;
  pair: UsdRate['pair'];
}

/** An instrument record's trading terms (the fields the rules read), as a plain object. */
export const termsOf = (r: InstrumentRecord): InstrumentTerms => ({
  code: r.code,
  baseCurrency: r.baseCurrency,
  quoteCurrency: r.quoteCurrency,
  contractSize: r.contractSize,
  lotStep: r.lotStep,
  minLots: r.minLots,
  maxLotsPerOrder: r.maxLotsPerOrder,
  maxOpenLots: r.maxOpenLots,
  feeRate: r.feeRate,
  marginMode: r.marginMode,
  leverageOptions: r.leverageOptions,
  pricePrecision: r.pricePrecision,
});

/** Read on every order, so without allocating: field by field against the snapshot. */
const unchanged = (s: InstrumentTerms, r: InstrumentRecord) =>
  s.code === r.code &&
  s.baseCurrency === r.baseCurrency &&
  s.quoteCurrency === r.quoteCurrency &&
  s.contractSize === r.contractSize &&
  s.lotStep === r.lotStep &&
  s.minLots === r.minLots &&
  s.maxLotsPerOrder === r.maxLotsPerOrder &&
  s.maxOpenLots === r.maxOpenLots &&
  s.feeRate === r.feeRate &&
  s.marginMode === r.marginMode &&
  s.leverageOptions === r.leverageOptions &&
  s.pricePrecision === r.pricePrecision;

export interface QuoteSource {
  instrumentById(id: number): InstrumentRecord | undefined;
  instruments(): readonly InstrumentRecord[];
  latest(id: number): Quote | undefined;
}

/**
 * The market as the engine computes with it: each feed quote parsed into exact integers once (not
 * once per order it prices), each instrument's terms parsed once per change (staff edit records in
 * place, so a snapshot of the fields tells when to parse again), and USD rates read from those.
 */
export class ExactMarket {
  private readonly quotes = new Map<number, PricedQuote>();
  private readonly terms = new Map<number, TermsEntry>();
  private conversions = new Map<string, Conversion>();

  constructor(private readonly market: QuoteSource) {}

  /** The exact form of `q` (the instrument's latest quote, or one a tick just delivered). */
  priced(instrument: InstrumentRecord, q: Quote): PricedQuote {
    const cached = this.quotes.get(q.instrumentId);
    if (
      cached !== undefined &&
      cached.bidF === q.bid &&
      cached.askF === q.ask &&
      cached.timeMs === q.timeMs &&
      cached.seq === q.seq &&
      cached.precision === instrument.pricePrecision
    )
      return cached;
    const bid = exactPriceFromFeed(q.bid, instrument.pricePrecision);
    const ask = exactPriceFromFeed(q.ask, instrument.pricePrecision);
    const priced: PricedQuote = {
      bidF: q.bid,
      askF: q.ask,
      seq: q.seq,
      precision: instrument.pricePrecision,
      bid,
      ask,
      timeMs: q.timeMs,
      bidText: formatScaled(bid.n, bid.s),
      askText: formatScaled(ask.n, ask.s),
      time: new Date(q.timeMs),
    };
    this.quotes.set(q.instrumentId, priced);
    return priced;
  }

  /**
   * The instrument's latest quote, exact; null before its first, and null for a quote that is not
   * a price (a feed glitch: zero, negative, not a number), which then prices nothing: an order is
   * refused as 'price unavailable', a conversion as unavailable, a mark counts as unpriced.
   */
  latest(instrument: InstrumentRecord): PricedQuote | null {
    const q = this.market.latest(instrument.id);
    if (q === undefined || !(q.bid > 0 && q.ask > 0 && Number.isFinite(q.bid) && Number.isFinite(q.ask)))
      return null;
    return this.priced(instrument, q);
  }

  termsOf(instrument: InstrumentRecord): ExactTerms {
    const e = this.terms.get(instrument.id);
    if (e !== undefined && e.src === instrument && unchanged(e.snapshot, instrument)) return e.terms;
    const terms = exactTerms(instrument);
    this.terms.set(instrument.id, { src: instrument, snapshot: termsOf(instrument), terms });
    return terms;
  }

  /**
   * The USD pair of each currency the platform quotes directly: the oldest instrument (lowest id)
   * quoting it against USD. Never by display order, nor by whether it is listed: a pair staff
   * create later (or re-sort, or hide) must not take over the conversion of every open position,
   * and a restart must choose the same pair as the running server did.
   */
  buildConversions() {
    const map = new Map<string, Conversion>();
    for (const r of [...this.market.instruments()].sort((a, b) => a.id - b.id)) {
      if (r.quoteCurrency === ACCOUNT_CURRENCY && r.baseCurrency !== ACCOUNT_CURRENCY) {
        if (!map.has(r.baseCurrency)) map.set(r.baseCurrency, { instrumentId: r.id, pair: 'XXX/USD' });
      } else if (r.baseCurrency === ACCOUNT_CURRENCY && r.quoteCurrency !== ACCOUNT_CURRENCY) {
        if (!map.has(r.quoteCurrency)) map.set(r.quoteCurrency, { instrumentId: r.id, pair: 'USD/XXX' });
      }
    }
    this.conversions = map;
    const through = new Map<number, number[]>();
    for (const r of this.market.instruments()) {
      const c = map.get(r.quoteCurrency);
      if (!c || c.instrumentId === r.id) continue;
      through.set(c.instrumentId, [...(through.get(c.instrumentId) ?? []), r.id]);
    }
    this.through = through;
  }

  private through = new Map<number, number[]>();

  /** The instruments whose profit in USD converts through this one's quotes (JP225 through USDJPY). */
  convertingThrough(instrumentId: number): readonly number[] {
    return this.through.get(instrumentId) ?? NO_IDS;
  }

  get hasConversions() {
    return this.conversions.size > 0;
  }

  /** USD conversion rates read from the latest exact quotes when asked (no table rebuilt per tick). */
  readonly rates: ExactRateSource = (currency): ExactRate | null => {
    const c = this.conversions.get(currency);
    const instrument = c && this.market.instrumentById(c.instrumentId);
    const q = instrument && this.latest(instrument);
    if (!c || !q) return null;
    return { pair: c.pair, bid: q.bid, ask: q.ask };
  };

  /** The instrument converting `currency` to USD (undefined for USD and unquoted currencies). */
  conversionInstrumentOf(currency: string): number | undefined {
    return this.conversions.get(currency)?.instrumentId;
  }

  /** Float USD per unit of a currency at the latest mid, for screening only. */
  usdPerUnitF(currency: string): number {
    if (currency === ACCOUNT_CURRENCY) return 1;
    const c = this.conversions.get(currency);
    const q = c && this.market.latest(c.instrumentId);
    if (!c || !q) return Number.NaN;
    return c.pair === 'XXX/USD' ? q.mid : 1 / q.mid;
  }

  clear() {
    this.quotes.clear();
    this.terms.clear();
  }
}

const NO_IDS: readonly number[] = Object.freeze([]);

/** A scaled decimal as the nearest float (screens and trigger levels; decisions stay exact). */
export const floatOf = (v: Scaled): number => Number(v.n) / 10 ** v.s;
