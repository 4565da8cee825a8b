/**
 * Account history entry types (spec §3 account history `Type`). Numbers are part of the public
 * contract once shown to clients, so they are fixed here for every later module: 10 is the
 * staff adjustment that shows its Memo (spec §3); every other type shows its translated MemoTran.
 */
export const LEDGER_TYPE = {
  DEPOSIT_CREDIT: 1,
  WITHDRAWAL_FREEZE: 2,
  WITHDRAWAL_PAID: 3,
  WITHDRAWAL_REFUND: 4,
  MARGIN_HOLD: 5,
  TRADE_FEE: 6,
  POSITION_SETTLE: 7,
  NEGATIVE_BALANCE_RESET: 8,
  DEMO_RESET: 9,
  STAFF_ADJUSTMENT: 10,
  DEMO_OPENING_CREDIT: 11,
  /** A pending order cancelled: the margin and fee it reserved come back in one entry. */
  ORDER_CANCEL_REFUND: 12,
  /** A pending order filled at another price than its target (a gap): the margin's difference. */
  FILL_MARGIN_ADJUSTMENT: 13,
  /**
   * A stop-out left the balance below zero while money was frozen for a withdrawal under review:
   * that money (still the client's, in the account) covers the loss before the broker does
   * (negative balance protection limits a loss to the funds in the account, frozen ones included).
   */
  WITHDRAWAL_APPLIED_TO_LOSS: 14,
  /** Money between a trader's account and one of their copy allocations (DESIGN §9): one entry each side. */
  COPY_TRANSFER: 15,
  /** A provider's performance fee: out of the allocation, into the provider's account (one entry each). */
  COPY_PERFORMANCE_FEE: 16,
} as const;

export type LedgerType = (typeof LEDGER_TYPE)[keyof typeof LEDGER_TYPE];
