/** Rows on a page of the trader's wallet lists (history, deposits, withdrawals). */
export const WALLET_PAGE_SIZE = 20;
