/**
 * Query keys of the wallet screens, all under `['wallet']` so that anything that moves money
 * (an order, a demo reset, a withdrawal) refreshes them with one invalidation. The balance key is
 * the one the personal centre uses: both screens share one cache entry.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  accountLog: ['wallet', 'account-log'] as const,
  chargeOptions: ['wallet', 'charge-options'] as const,
  bankChannels: ['wallet', 'bank-channels'] as const,
  wireAccounts: (channelId: number) => ['wallet', 'wire-accounts', channelId] as const,
  deposits: (type: DepositType) => ['wallet', 'deposits', type] as const,
  drawCurrencies: (type: MethodType) => ['wallet', 'draw-currencies', type] as const,
  drawMethods: ['wallet', 'draw-methods'] as const,
  drawMethodsOf: (type: MethodType, currencyId?: number) =>
    ['wallet', 'draw-methods', type, currencyId ?? 'all'] as const,
  withdrawals: (type: MethodType) => ['wallet', 'withdrawals', type] as const,
};

/** Deposit tabs and record types (spec §2, §3): 0 coin, 1 bank. */
export type DepositType = 0 | 1;
/** Withdrawal and bound-method types (spec §2, §7): 1 coin address, 2 bank. */
export type MethodType = 1 | 2;

export const methodTypeOf = (text: string | null): MethodType => (text === '2' ? 2 : 1);
/**
 * The withdraw screen's tab in its query: 0 coin, 1 bank (spec §3, as the deposit screen's), while
 * the calls and the bind page number the methods 1 coin address, 2 bank.
 */
export const withdrawTabOf = (text: string | null): MethodType => (text === '1' ? 2 : 1);
export const withdrawTabText = (type: MethodType): string => (type === 2 ? '1' : '0');
export const depositTypeOf = (text: string | null): DepositType => (text === '1' ? 1 : 0);
