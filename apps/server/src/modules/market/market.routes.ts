import { abbreviatedKlineCall, categoriesCall, klineCall, tradeListCall } from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import type { MarketRuntime } from '../../market/market-runtime.ts';
import { getCandles, getShortCandles, listCategories, listInstruments } from './market.service.ts';

export function marketRoutes(app: FastifyInstance, market: MarketRuntime) {
  registerCall(app, tradeListCall, ({ query }) => listInstruments(market, query.searchCurrency));
  registerCall(app, categoriesCall, ({ req }) => listCategories(market, req.lang));
  registerCall(app, klineCall, ({ query }) => getCandles(market, query.forex_id, query.period));
  registerCall(app, abbreviatedKlineCall, ({ query }) =>
    getShortCandles(market, query.forex_id, query.period),
  );
}
