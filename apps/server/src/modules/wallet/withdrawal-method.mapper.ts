import type { DrawCurrencyRow, DrawMethodRow } from './wallet.repository.ts';

/** A bound withdrawal method (coin address or bank account) with its currency, as the trader sees it. */
export const withdrawalMethodDto = (m: DrawMethodRow, c: DrawCurrencyRow) => ({
  id: m.id,
  type: m.type,
  dc_address: m.dcAddress,
  network: m.network,
  payee_account: m.payeeAccount,
  payee_name: m.payeeName,
  payee: m.payee,
  bank_name: m.bankName,
  bank_address: m.bankAddress,
  bank_swift: m.bankSwift,
  receipt_currency: m.receiptCurrency,
  bank_remark: m.bankRemark,
  draw_currency: { id: c.id, code: c.code, protocol: c.protocol },
});
