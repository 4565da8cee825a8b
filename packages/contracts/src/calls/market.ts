import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { candle, candlePeriod } from '../entities/candle.ts';
import { category } from '../entities/category.ts';
import { instrument } from '../entities/instrument.ts';
import { queryId } from '../query-fields.ts';

const forexId = queryId();

export const tradeListCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/trade_list',
  auth: 'optional',
  tag: 'market',
  summary: 'Enabled instruments with their latest quotation; optional case-insensitive search on code',
  query: z.object({ searchCurrency: z.string().trim().max(32).optional() }),
  data: z.array(instrument),
});

export const categoriesCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/getCategories',
  auth: 'none',
  tag: 'market',
  summary: 'Instrument categories, names in the request language',
  data: z.array(category),
});

export const klineCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/kline',
  auth: 'none',
  tag: 'market',
  summary: 'Candles (up to 500, oldest first, the last one still forming), London-time buckets',
  query: z.object({ forex_id: forexId, period: candlePeriod }),
  data: z.array(candle),
});

export const abbreviatedKlineCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/abbreviated_cache_kline',
  auth: 'none',
  tag: 'market',
  summary: 'Short candle series (up to 60) served from memory, for sparklines',
  query: z.object({ forex_id: forexId, period: candlePeriod }),
  data: z.array(candle),
});
