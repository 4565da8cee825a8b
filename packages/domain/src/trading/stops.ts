import { type Money, type MoneyInput, money } from '../money.ts';
import { closePriceOf, type TradeQuote } from './quote.ts';
import type { Side } from './side.ts';

export type StopSideError = 'ORDER_STOP_LOSS_WRONG_SIDE' | 'ORDER_TAKE_PROFIT_WRONG_SIDE';

/**
 * Stop loss and take profit on the right side of `reference` (strictly): for a buy the stop loss
 * below and the take profit above, for a sell the reverse. Null means 'not set' (0 on the wire).
 */
export function checkStopSides(
  side: Side,
  reference: MoneyInput,
  stopLoss: Money | null,
  takeProfit: Money | null,
): StopSideError | null {
  const ref = money(reference);
  if (stopLoss !== null && (side === 'buy' ? !stopLoss.lt(ref) : !stopLoss.gt(ref)))
    return 'ORDER_STOP_LOSS_WRONG_SIDE';
  if (takeProfit !== null && (side === 'buy' ? !takeProfit.gt(ref) : !takeProfit.lt(ref)))
    return 'ORDER_TAKE_PROFIT_WRONG_SIDE';
  return null;
}

export type StopTrigger = 'stop_loss' | 'take_profit';

/**
 * Which of an open position's stops a tick reaches (DESIGN §4: checked at the close-side price,
 * inclusive; a gap past the level counts). Both cannot hold at once while stop loss and take profit
 * sit on their own sides; the stop loss is tested first all the same, the cautious answer.
 */
export function stopTriggered(
  side: Side,
  stopLoss: Money | null,
  takeProfit: Money | null,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
): StopTrigger | null {
  const price = closePriceOf(side, quote);
  if (stopLoss !== null && (side === 'buy' ? price.lte(stopLoss) : price.gte(stopLoss))) return 'stop_loss';
  if (takeProfit !== null && (side === 'buy' ? price.gte(takeProfit) : price.lte(takeProfit)))
    return 'take_profit';
  return null;
}
