import type { CandlePeriodName, Category, Instrument } from '@meridian/contracts';
import { money } from '@meridian/domain';
import type { Language } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import { AppError } from '../../lib/app-error.ts';
import type { InstrumentRecord, MarketRuntime } from '../../market/market-runtime.ts';

const KLINE_LIMIT = 500;
const SHORT_KLINE_LIMIT = 60;

/** NUMERIC text '0.01000000' → '0.01' (exact: no float round trip). */
const plain = (numeric: string) => money(numeric).toFixed();

function toInstrumentDto(m: MarketRuntime, r: InstrumentRecord): Instrument {
  const q = m.quotation(r.id);
  return {
    Id: r.id,
    Code: r.code,
    ShowCode: r.showCode,
    Logo: r.logo,
    CategoryId: r.categoryId,
    MarketStatus: m.status(r.id),
    PricePrecision: r.pricePrecision,
    Pip: plain(r.lotStep),
    ForexMinCont: plain(r.minLots),
    ForexMaxCont: plain(r.maxLotsPerOrder),
    ForexContNum: plain(r.contractSize),
    ForexFeeRate: plain(r.feeRate),
    MarginMode: r.marginMode,
    HasForexMultiple: r.leverageOptions.map((Value) => ({ Value })),
    BaseCurrency: r.baseCurrency,
    QuoteCurrency: r.quoteCurrency,
    ForexQuotations: q ?? { Open: 0, Close: 0, Change: 0, Bid: 0, Ask: 0, High: 0, Low: 0, Time: 0 },
  };
}

/** Case-insensitive match on code or display code ("eur" finds EURUSD and EUR/GBP). */
export function listInstruments(m: MarketRuntime, search?: string): Instrument[] {
  const needle = search
    ?.trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const shown = new Set(m.categories().map((c) => c.id));
  return m
    .instruments()
    .filter(
      (r) =>
        r.enabled &&
        shown.has(r.categoryId) &&
        (!needle ||
          r.code.toUpperCase().includes(needle) ||
          r.showCode
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
            .includes(needle)),
    )
    .map((r) => toInstrumentDto(m, r));
}

export function listCategories(m: MarketRuntime, lang: Language): Category[] {
  return m
    .categories()
    .map((c) => ({ Id: c.id, Key: c.key, NameShowTrans: translate(lang, `category.${c.key}`) }));
}

function requireInstrument(m: MarketRuntime, id: number) {
  const r = m.instrumentById(id);
  if (!r) throw new AppError('INSTRUMENT_NOT_FOUND');
  return r;
}

export async function getCandles(m: MarketRuntime, id: number, period: CandlePeriodName) {
  requireInstrument(m, id);
  return m.candles(id, period, KLINE_LIMIT);
}

export function getShortCandles(m: MarketRuntime, id: number, period: CandlePeriodName) {
  requireInstrument(m, id);
  return m.recentCandles(id, period, SHORT_KLINE_LIMIT);
}
