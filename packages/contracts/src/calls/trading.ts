import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { accountSummary, order } from '../entities/order.ts';
import { queryId, queryInt, queryLots, queryPrice } from '../query-fields.ts';

const id = queryId();

export const submitOrderCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/submit',
  auth: 'user',
  tag: 'trading',
  summary:
    'Open a market order (status 1) or place a pending order (status 0, at target_price); type 1 buy, 2 sell; ' +
    'cont lots; multiple the leverage; stop_loss_price / target_profit_price 0 for none',
  query: z.object({
    type: queryInt(1, 2),
    cont: queryLots(),
    forex_id: id,
    status: queryInt(0, 1),
    target_price: queryPrice(),
    stop_loss_price: queryPrice(),
    target_profit_price: queryPrice(),
    multiple: queryInt(0, 10_000).default(0),
  }),
  data: order,
});

export const myDealCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/my_deal',
  auth: 'user',
  tag: 'trading',
  summary:
    'Orders by status: 1 holding, 0 pending, 3 history (closed and cancelled); 20 a page, newest first',
  query: z.object({
    status: queryInt(0, 3).pipe(z.union([z.literal(0), z.literal(1), z.literal(3)])),
    page: queryInt(1, 100_000).default(1),
    /**
     * Optional (beyond the spec): the Id of the last order already shown. The page is then the orders
     * after it in the list's order, so orders placed or ended meanwhile neither repeat nor hide rows.
     */
    after_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  }),
  data: z.object({
    data: z.array(order),
    total: z.number().int(),
    all_fact_profits: z.string(),
    balance: z.string(),
  }),
});

export const closeOrderCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/close',
  auth: 'user',
  tag: 'trading',
  summary: 'Close a holding position at the current close-side price',
  query: z.object({ id }),
  data: order,
});

export const cancelOrderCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/cancel_trade',
  auth: 'user',
  tag: 'trading',
  summary: 'Cancel a pending order; its reserved margin and fee return',
  query: z.object({ id }),
  data: order,
});

export const setStopPriceCall = defineCall({
  method: 'GET',
  path: '/v1/api/forex/set_stop_price',
  auth: 'user',
  tag: 'trading',
  summary: 'Set or clear (0) the stop loss and take profit of a holding position or a pending order',
  query: z.object({ id, target_profit_price: queryPrice(), stop_loss_price: queryPrice() }),
  data: order,
});

export const forexDetailCall = defineCall({
  method: 'GET',
  path: '/v1/api/main/account/forexDetail',
  auth: 'user',
  tag: 'trading',
  summary:
    'The order screen summary: balance, margin, floating profit, net value, risk rate, prepayment ratio',
  data: accountSummary,
});

export const resetDemoCall = defineCall({
  method: 'GET',
  path: '/v1/api/main/user/resetForexDemoAccount',
  auth: 'user',
  tag: 'trading',
  summary: 'Demo accounts only: close everything and restore the starting balance',
  data: z.null(),
});
