import { decimalAtLeast, LEDGER_TYPE, money } from '@meridian/domain';
import type { Language } from '@meridian/i18n';
import { translate } from '@meridian/i18n/node';
import type { ledgerEntries } from '../../db/schema.ts';
import { londonText } from './london-time.ts';

/** A ledger movement as history shows it: every decimal it has, at least 2; zero as '0.00', never '-0.00'. */
export const ledgerValueText = (v: ReturnType<typeof money>) =>
  v.isZero() ? '0.00' : decimalAtLeast(v.toFixed(), 2);

/** One row of the trader's account history. */
export const ledgerEntryDto = (e: typeof ledgerEntries.$inferSelect, lang: Language) => ({
  Id: e.id,
  // A payout leaves from the frozen amount: show it leaving (the request already moved it there).
  // Exact, at least 2 decimals: a trading fee of 0.349653 rounded to 0.35 made the entries
  // add up to a cent more or less than the balance (DECISIONS 'Money on the wire').
  Value: ledgerValueText(
    money(e.balanceDelta).plus(e.type === LEDGER_TYPE.WITHDRAWAL_PAID ? money(e.lockDelta) : money('0')),
  ),
  Type: e.type,
  Memo: e.memo,
  MemoTran: translate(lang, `ledger.type_${e.type}`),
  CreatedAtTran: londonText(e.createdAt),
});
