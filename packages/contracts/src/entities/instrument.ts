import { z } from 'zod';

/**
 * Spec §3 Instrument. Prices are JSON numbers rounded to PricePrecision (display data, DESIGN §2);
 * lot sizes and rates are decimal strings because they enter money calculations exactly.
 * Bid/Ask/Time/Seq are additions (DESIGN §4 needs both sides of the quote on screen).
 */
export const quotation = z.object({
  Open: z.number().describe('London day open (mid)'),
  Close: z.number().describe('Latest mid price'),
  Change: z.number().describe('Percent change from the London day open, e.g. 0.53 = +0.53 %'),
  Bid: z.number(),
  Ask: z.number(),
  High: z.number(),
  Low: z.number(),
  Time: z.number().int().describe('Quote time, unix ms'),
});

export const leverageOption = z.object({ Value: z.number().int().positive() });

export const instrument = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ShowCode: z.string(),
  Logo: z.string(),
  CategoryId: z.number().int(),
  MarketStatus: z.union([z.literal(0), z.literal(1)]).describe('1 open, 0 closed'),
  PricePrecision: z.number().int().min(0),
  Pip: z.string().describe('Lot step'),
  ForexMinCont: z.string().describe('Minimum lots'),
  ForexMaxCont: z.string().describe('Most lots in one order (beyond the spec: the form names the limit)'),
  ForexContNum: z.string().describe('Units per lot'),
  ForexFeeRate: z.string(),
  MarginMode: z.number().int().describe('1 fixed, otherwise leverage-based'),
  HasForexMultiple: z.array(leverageOption),
  BaseCurrency: z.string(),
  QuoteCurrency: z.string(),
  ForexQuotations: quotation,
});
export type Instrument = z.infer<typeof instrument>;
export type Quotation = z.infer<typeof quotation>;
