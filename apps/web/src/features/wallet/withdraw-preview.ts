import { parseWithdrawalAmount, quoteWithdrawal } from '@meridian/domain';
import { amountText, receivedAmountText } from './format';

/** The terms of a withdrawal currency as the draw_symbol_list call lists them. */
export interface CurrencyTerms {
  fee_type: number;
  draw_rate: string;
  usd_price: string;
}

export interface WithdrawPreview {
  /** USD, 2 decimals. */
  fee: string;
  /** In the chosen currency at its own decimals (2, more for a coin), never below 0. */
  received: string;
}

/**
 * The fee and receive preview of the withdraw screen (spec §9), from the shared domain code the
 * server charges with (`quoteWithdrawal`); null while the amount is not a valid one (digits with at
 * most 2 decimals, above 0) or the currency's terms are not decimals.
 */
export function previewWithdrawal(
  amount: string,
  currency: CurrencyTerms | undefined,
): WithdrawPreview | null {
  if (!currency) return null;
  const parsed = parseWithdrawalAmount(amount.replace(/\.$/, ''));
  if (!parsed) return null;
  try {
    const quote = quoteWithdrawal(parsed, {
      feeType: currency.fee_type,
      drawRate: currency.draw_rate,
      usdPrice: currency.usd_price,
    });
    return {
      fee: amountText(quote.fee.toFixed(2)),
      received: receivedAmountText(quote.received.toFixed(quote.receivedDecimals)),
    };
  } catch {
    return null;
  }
}
