/** Parses `XAUUSD=GOLD,US500=SPX` (platform code = bridge symbol); throws naming a bad pair. */
export function parseSymbolMap(text: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (text ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const [code, symbol, ...rest] = pair.split('=').map((s) => s.trim());
    if (!code || !symbol || rest.length > 0) throw new Error(`expected CODE=SYMBOL, got "${pair.trim()}"`);
    map.set(code, symbol);
  }
  return map;
}
