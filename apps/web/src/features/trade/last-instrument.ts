const KEY = 'meridian.trade_instrument';

/**
 * The instrument the trade screen showed last, so the Trade tab (a plain `/trade`) returns to it
 * instead of the list's first: a trader who left for the orders screen finds their market again.
 */
export function lastInstrumentId(storage: Pick<Storage, 'getItem'> = localStorage): number {
  try {
    const id = Number(storage.getItem(KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : 0;
  } catch {
    return 0; // storage unavailable: the first instrument, as before
  }
}

export function rememberInstrument(id: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(KEY, String(id));
  } catch {
    // storage full or unavailable: only the convenience is lost
  }
}
