import type { Order } from '@meridian/contracts';
import { calls } from '../../../lib/calls';
import { callEnvelope } from '../../../lib/request';

/**
 * Close, cancel and TP/SL edits (spec §7). Each resolves to the server's message, which the screen
 * toasts (spec §8); a refusal rejects after the request layer has toasted its `msg`. Close and
 * cancel take the user action's idempotency key: a repeat of it is answered, not acted on twice.
 */
export async function closeOrder(id: number, idempotencyKey: string): Promise<string> {
  return (await callEnvelope(calls.closeOrder, { id }, { loading: true, idempotencyKey })).msg;
}

export async function cancelOrder(id: number, idempotencyKey: string): Promise<string> {
  return (await callEnvelope(calls.cancelOrder, { id }, { loading: true, idempotencyKey })).msg;
}

/** Stop loss and take profit: '0' (or empty) clears one. */
export async function setStopPrices(id: number, stopLoss: string, takeProfit: string): Promise<string> {
  return (
    await callEnvelope(
      calls.setStopPrice,
      { id, stop_loss_price: stopLoss.trim() || '0', target_profit_price: takeProfit.trim() || '0' },
      { loading: true },
    )
  ).msg;
}

/** The detail popup's TP/SL save: resolves true when the server accepted the new levels. */
export type SetStops = (order: Order, stopLoss: string, takeProfit: string) => Promise<boolean>;
