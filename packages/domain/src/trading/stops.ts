import { compareScaled, type Scaled } from '../exact/scaled.ts';
import { type Money, type MoneyInput, scaledOf } from '../money.ts';
import { closeSideOf, type ExactQuote, type TradeQuote } from './quote.ts';
import type { Side } from './side.ts';

export type StopSideError = 'ORDER_STOP_LOSS_WRONG_SIDE' | 'ORDER_TAKE_PROFIT_WRONG_SIDE';

/**
 * Stop loss and take profit on the right side of `reference` (strictly): for a buy the stop loss
 * below and the take profit above, for a sell the reverse. Null means 'not set' (0 on the wire).
 */
export function checkStopSidesExact(
  side: Side,
  reference: Scaled,
  stopLoss: Scaled | null,
  takeProfit: Scaled | null,
): StopSideError | null {
  const below = side === 'buy' ? -1 : 1;
  if (stopLoss !== null && compareScaled(stopLoss, reference) !== below) return 'ORDER_STOP_LOSS_WRONG_SIDE';
  if (takeProfit !== null && compareScaled(takeProfit, reference) !== -below)
    return 'ORDER_TAKE_PROFIT_WRONG_SIDE';
  return null;
}

export const checkStopSides = (
  side: Side,
  reference: MoneyInput,
  stopLoss: Money | null,
  takeProfit: Money | null,
): StopSideError | null =>
  checkStopSidesExact(
    side,
    scaledOf(reference),
    stopLoss === null ? null : scaledOf(stopLoss),
    takeProfit === null ? null : scaledOf(takeProfit),
  );

export type StopTrigger = 'stop_loss' | 'take_profit';

/**
 * Which of an open position's stops a tick reaches (DESIGN §4: checked at the close-side price,
 * inclusive; a gap past the level counts). Both cannot hold at once while stop loss and take profit
 * sit on their own sides; the stop loss is tested first all the same, the cautious answer.
 */
export function stopTriggeredExact(
  side: Side,
  stopLoss: Scaled | null,
  takeProfit: Scaled | null,
  quote: Pick<ExactQuote, 'bid' | 'ask'>,
): StopTrigger | null {
  const price = closeSideOf(side, quote);
  // For a buy the stop loss is reached at or below it, for a sell at or above it.
  const adverse = side === 'buy' ? 1 : -1;
  if (stopLoss !== null && compareScaled(price, stopLoss) !== adverse) return 'stop_loss';
  if (takeProfit !== null && compareScaled(price, takeProfit) !== -adverse) return 'take_profit';
  return null;
}

export const stopTriggered = (
  side: Side,
  stopLoss: Money | null,
  takeProfit: Money | null,
  quote: Pick<TradeQuote, 'bid' | 'ask'>,
): StopTrigger | null =>
  stopTriggeredExact(
    side,
    stopLoss === null ? null : scaledOf(stopLoss),
    takeProfit === null ? null : scaledOf(takeProfit),
    { bid: scaledOf(quote.bid), ask: scaledOf(quote.ask) },
  );
