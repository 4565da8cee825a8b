import type { StaffInstrument } from '@meridian/contracts';
import { money } from '@meridian/domain';
import type { instruments } from '../../db/schema.ts';

type InstrumentRow = typeof instruments.$inferSelect;

export const toStaffInstrument = (r: InstrumentRow): StaffInstrument => ({
  id: r.id,
  code: r.code,
  showCode: r.showCode,
  categoryId: r.categoryId,
  logo: r.logo,
  baseCurrency: r.baseCurrency,
  quoteCurrency: r.quoteCurrency,
  pricePrecision: r.pricePrecision,
  spreadPoints: r.spreadPoints,
  lotStep: money(r.lotStep).toFixed(),
  minLots: money(r.minLots).toFixed(),
  contractSize: money(r.contractSize).toFixed(),
  feeRate: money(r.feeRate).toFixed(),
  marginMode: r.marginMode,
  leverageOptions: r.leverageOptions,
  session: r.session,
  maxLotsPerOrder: money(r.maxLotsPerOrder).toFixed(),
  maxOpenLots: money(r.maxOpenLots).toFixed(),
  sort: r.sort,
  enabled: r.enabled,
});
