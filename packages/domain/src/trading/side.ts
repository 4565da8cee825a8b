/** Spec §3 `OrderType`: 1 buy, anything else sell. Inside the domain a side is a word. */
export type Side = 'buy' | 'sell';

export const ORDER_TYPE = { BUY: 1, SELL: 2 } as const;

export const sideOf = (orderType: number): Side => (orderType === ORDER_TYPE.BUY ? 'buy' : 'sell');
export const orderTypeOf = (side: Side): number => (side === 'buy' ? ORDER_TYPE.BUY : ORDER_TYPE.SELL);

/** +1 for a buy (gains when the price rises), −1 for a sell. */
export const sideSign = (side: Side): 1 | -1 => (side === 'buy' ? 1 : -1);
