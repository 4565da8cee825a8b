import {
  cancelOrderCall,
  closeOrderCall,
  forexDetailCall,
  myDealCall,
  ORDER_STATUS,
  resetDemoCall,
  setStopPriceCall,
  submitOrderCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerCall } from '../../http/register-call.ts';
import { AppError } from '../../lib/app-error.ts';
import { CommandRate } from '../../lib/command-rate.ts';
import type { TradingService } from './trading.service.ts';

export function tradingRoutes(app: FastifyInstance, trading: TradingService, db: Db, now: () => number) {
  const idempotentIn = db;
  // One budget per account across every call that changes its orders.
  const rate = new CommandRate(now);
  const throttle = (userId: number) => {
    if (!rate.take(userId)) throw new AppError('REQUEST_RATE_LIMITED');
  };
  registerCall(
    app,
    submitOrderCall,
    ({ user, query }) =>
      trading.submit(user.userId, {
        side: query.type === 1 ? 'buy' : 'sell',
        kind: query.status === ORDER_STATUS.HOLDING ? 'market' : 'pending',
        instrumentId: query.forex_id,
        quantity: query.cont,
        leverage: query.multiple,
        targetPrice: query.target_price,
        stopLoss: query.stop_loss_price,
        takeProfit: query.target_profit_price,
      }),
    { msgKey: 'ok.order_confirmed', idempotentIn, throttle },
  );
  registerCall(app, myDealCall, ({ user, query }) =>
    trading.myDeal(user.userId, query.status, query.page, query.after_id),
  );
  registerCall(app, closeOrderCall, ({ user, query }) => trading.close(user.userId, query.id), {
    msgKey: 'ok.order_closed',
    idempotentIn,
    throttle,
  });
  registerCall(app, cancelOrderCall, ({ user, query }) => trading.cancel(user.userId, query.id), {
    msgKey: 'ok.order_cancelled',
    idempotentIn,
    throttle,
  });
  registerCall(
    app,
    setStopPriceCall,
    ({ user, query }) =>
      trading.setStops(user.userId, query.id, query.target_profit_price, query.stop_loss_price),
    { msgKey: 'ok.stops_updated', throttle },
  );
  registerCall(app, forexDetailCall, async ({ user }) => {
    const { rawFloating: _floating, ...s } = await trading.summary(user.userId);
    return s;
  });
  registerCall(app, resetDemoCall, ({ user }) => trading.resetDemo(user.userId), {
    msgKey: 'ok.demo_reset',
    idempotentIn,
    throttle,
  });
}
