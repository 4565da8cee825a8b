import { type Scaled, safeCount, scaled } from '../exact/scaled.ts';
import { money } from '../money.ts';

/** Spec §3 `MarginMode`: 1 fixed, anything else leverage-based. */
export const MARGIN_MODE = { FIXED: 1, LEVERAGE: 2 } as const;

/**
 * An instrument's trading terms as the engine sees them (spec §3 names in comments). Sizes and rates
 * are decimal strings, exactly as stored (NUMERIC) and sent; leverage options are whole multiples.
 * A position keeps a copy of the terms it opened with (DESIGN §4): staff edits apply to new orders.
 * `InstrumentSeed` (apps/server market seeds) satisfies this shape as it is.
 */
export interface InstrumentTerms {
  readonly code: string; // Code, e.g. 'EURUSD'
  readonly baseCurrency: string; // 'EUR'
  readonly quoteCurrency: string; // 'USD': prices, margin and profit are in this currency first
  readonly contractSize: string; // ForexContNum: units of the base per lot
  readonly lotStep: string; // Pip: quantities are whole multiples of it
  readonly minLots: string; // ForexMinCont
  readonly maxLotsPerOrder?: string | undefined; // per-order limit set in the back office (DESIGN §4)
  readonly maxOpenLots?: string | undefined; // open lots per account and instrument (DESIGN §4)
  readonly feeRate: string; // ForexFeeRate
  readonly marginMode: number; // MarginMode: 1 fixed, otherwise leverage
  readonly leverageOptions: readonly number[]; // HasForexMultiple values; empty = trading blocked
  readonly pricePrecision: number; // PricePrecision: decimals of a price
}

export const isFixedMargin = (terms: Pick<InstrumentTerms, 'marginMode'>): boolean =>
  terms.marginMode === MARGIN_MODE.FIXED;

const positive = (text: string | undefined): boolean => {
  if (text === undefined) return false;
  try {
    return money(text).gt(0);
  } catch {
    return false;
  }
};

/**
 * Problems with a set of terms (empty when sound). Terms come from the back office, so the engine
 * checks them when it loads an instrument instead of failing later inside a margin computation.
 */
export function checkInstrumentTerms(terms: InstrumentTerms): string[] {
  const problems: string[] = [];
  const currency = /^[A-Z0-9]{2,10}$/;
  if (!currency.test(terms.baseCurrency)) problems.push(`baseCurrency ${terms.baseCurrency}`);
  if (!currency.test(terms.quoteCurrency)) problems.push(`quoteCurrency ${terms.quoteCurrency}`);
  if (!positive(terms.contractSize)) problems.push('contractSize must be a positive decimal');
  if (!positive(terms.lotStep)) problems.push('lotStep must be a positive decimal');
  if (!positive(terms.minLots)) problems.push('minLots must be a positive decimal');
  if (terms.maxLotsPerOrder !== undefined && !positive(terms.maxLotsPerOrder))
    problems.push('maxLotsPerOrder must be a positive decimal');
  if (terms.maxOpenLots !== undefined && !positive(terms.maxOpenLots))
    problems.push('maxOpenLots must be a positive decimal');
  let feeOk = false;
  try {
    feeOk = money(terms.feeRate).gte(0);
  } catch {}
  if (!feeOk) problems.push('feeRate must be a decimal ≥ 0');
  if (!terms.leverageOptions.every((l) => Number.isSafeInteger(l) && l > 0))
    problems.push('leverage options must be positive whole numbers');
  if (!Number.isInteger(terms.pricePrecision) || terms.pricePrecision < 0 || terms.pricePrecision > 10)
    problems.push('pricePrecision must be a whole number 0..10');
  return problems;
}

/** An instrument's lot limits, as staff set them (decimal strings). */
export type LotLimits = Pick<InstrumentTerms, 'lotStep' | 'minLots' | 'maxLotsPerOrder' | 'maxOpenLots'>;
export type LotLimitField = 'minLots' | 'maxLotsPerOrder' | 'maxOpenLots';

/**
 * The limits that contradict the others, by field (empty when they agree): a minimum that is not a
 * whole number of lot steps (no order could be exactly the minimum), and a per-order or open limit
 * below the minimum (no order could ever be placed). Values that are not positive decimals are
 * left to `checkInstrumentTerms`.
 */
export function lotLimitProblems(limits: LotLimits): LotLimitField[] {
  const parse = (text: string | undefined) => (positive(text) ? money(text!) : null);
  const step = parse(limits.lotStep);
  const min = parse(limits.minLots);
  if (min === null) return [];
  const problems: LotLimitField[] = [];
  if (step !== null && !min.mod(step).isZero()) problems.push('minLots');
  const perOrder = parse(limits.maxLotsPerOrder);
  if (perOrder?.lt(min)) problems.push('maxLotsPerOrder');
  const open = parse(limits.maxOpenLots);
  if (open?.lt(min)) problems.push('maxOpenLots');
  return problems;
}

/** The widest spread staff may set, as a share of the price: wider is a typo, not a market. */
export const MAX_SPREAD_SHARE = 0.01;

/**
 * The most spread points an instrument may be given at `price` and `pricePrecision` decimals (1 % of
 * the price, at least one point). A bound on a staff entry, not money: a float product suffices.
 */
export function maxSpreadPoints(price: number, pricePrecision: number): number {
  if (!(price > 0) || !Number.isFinite(price)) return 1;
  return Math.max(1, Math.floor(price * MAX_SPREAD_SHARE * 10 ** pricePrecision + 1e-9));
}

/** An instrument's terms with its decimals parsed once (the engine keeps one per instrument). */
export interface ExactTerms {
  readonly code: string;
  readonly baseCurrency: string;
  readonly quoteCurrency: string;
  readonly contractSize: Scaled;
  readonly lotStep: Scaled;
  readonly minLots: Scaled;
  readonly maxLotsPerOrder: Scaled | undefined;
  readonly maxOpenLots: Scaled | undefined;
  readonly feeRate: Scaled;
  readonly marginMode: number;
  readonly leverageOptions: readonly number[];
  readonly pricePrecision: number;
  /**
   * The same figures' unit counts as Numbers (at each figure's own scale), −1 where a Number does
   * not hold one exactly or the limit is not set: read by the rules' safe-integer path, computed
   * once here rather than per order.
   */
  readonly counts: {
    readonly contractSize: number;
    readonly lotStep: number;
    readonly minLots: number;
    readonly maxLotsPerOrder: number;
    readonly maxOpenLots: number;
    readonly feeRate: number;
  };
}

export function exactTerms(t: InstrumentTerms): ExactTerms {
  const contractSize = scaled(t.contractSize.trim());
  const lotStep = scaled(t.lotStep.trim());
  const minLots = scaled(t.minLots.trim());
  const maxLotsPerOrder = t.maxLotsPerOrder === undefined ? undefined : scaled(t.maxLotsPerOrder.trim());
  const maxOpenLots = t.maxOpenLots === undefined ? undefined : scaled(t.maxOpenLots.trim());
  const feeRate = scaled(t.feeRate.trim());
  return {
    code: t.code,
    baseCurrency: t.baseCurrency,
    quoteCurrency: t.quoteCurrency,
    contractSize,
    lotStep,
    minLots,
    maxLotsPerOrder,
    maxOpenLots,
    feeRate,
    marginMode: t.marginMode,
    leverageOptions: t.leverageOptions,
    pricePrecision: t.pricePrecision,
    counts: {
      contractSize: safeCount(contractSize),
      lotStep: safeCount(lotStep),
      minLots: safeCount(minLots),
      maxLotsPerOrder: maxLotsPerOrder === undefined ? -1 : safeCount(maxLotsPerOrder),
      maxOpenLots: maxOpenLots === undefined ? -1 : safeCount(maxOpenLots),
      feeRate: safeCount(feeRate),
    },
  };
}
