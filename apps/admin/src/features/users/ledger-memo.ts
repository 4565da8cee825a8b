import { LEDGER_TYPE } from '@meridian/domain';
import type { TFunction } from 'i18next';

/**
 * The memos the server itself writes on ledger entries (trading-engine.ts, wallet): English
 * patterns with an id, read here into the staff member's language. Anything else (a staff
 * adjustment's memo, always) is shown exactly as written.
 */
const SYSTEM_MEMOS: ReadonlyArray<{ pattern: RegExp; key: string }> = [
  { pattern: /^order (?<id>\d+) filled at (?<price>\d+(?:\.\d+)?)$/, key: 'orderFilled' },
  { pattern: /^order (?<id>\d+) cancelled$/, key: 'orderCancelled' },
  { pattern: /^order (?<id>\d+)$/, key: 'order' },
  { pattern: /^withdrawal (?<id>\d+)$/, key: 'withdrawal' },
  { pattern: /^deposit (?<id>\d+)$/, key: 'deposit' },
  { pattern: /^demo reset$/, key: 'demoReset' },
  // Copy trading (engine/stages/follow.ts): money in or out of an allocation, a provider's fee.
  { pattern: /^copy (?<id>\d+) fee (?<period>\d{4}-\d{2})$/, key: 'copyFee' },
  { pattern: /^copy (?<id>\d+) fee stop-\S+$/, key: 'copyFeeAtStop' },
  { pattern: /^copy (?<id>\d+)$/, key: 'copyTransfer' },
];

export function ledgerMemoText(type: number, memo: string, t: TFunction): string {
  // Typed by staff: theirs, even when it reads like one of the system's.
  if (type === LEDGER_TYPE.STAFF_ADJUSTMENT) return memo;
  for (const { pattern, key } of SYSTEM_MEMOS) {
    const match = pattern.exec(memo);
    if (match) return t(`ledger.memos.${key}`, { ...match.groups });
  }
  return memo;
}
