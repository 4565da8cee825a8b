import { money } from '@meridian/domain';
import type { bankAccounts, bankChannels, coinOptions, drawCurrencies } from '../../db/schema.ts';

/** Wallet settings rows as staff see them (and as the audit log records them). */
export const coinOptionDto = (c: typeof coinOptions.$inferSelect) => ({
  id: c.id,
  currencyCode: c.currencyCode,
  protocolCode: c.protocolCode,
  address: c.address,
  enabled: c.enabled,
  sort: c.sort,
});

export const bankChannelDto = (c: typeof bankChannels.$inferSelect) => ({
  id: c.id,
  name: c.name,
  enabled: c.enabled,
  sort: c.sort,
});

export const bankAccountDto = (a: typeof bankAccounts.$inferSelect) => ({
  id: a.id,
  channelId: a.channelId,
  bankName: a.bankName,
  bankAddress: a.bankAddress,
  bankSwift: a.bankSwift,
  payeeName: a.payeeName,
  payeeAccount: a.payeeAccount,
  bankRemark: a.bankRemark,
  enabled: a.enabled,
});

export const drawCurrencyDto = (c: typeof drawCurrencies.$inferSelect) => ({
  id: c.id,
  type: c.type,
  code: c.code,
  protocol: c.protocol,
  feeType: c.feeType,
  drawRate: money(c.drawRate).toFixed(),
  usdPrice: money(c.usdPrice).toFixed(),
  minAmount: money(c.minAmount).toFixed(2),
  enabled: c.enabled,
  sort: c.sort,
});
