import type { Order } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  nextPageOf,
  nextPageParamOf,
  type OrderPage,
  type OrderPages,
} from '../src/features/orders/api/get-orders';
import {
  closedIdsOf,
  filledFromPending,
  listHasAny,
  missingIds,
  removeOrders,
  useLiveOrders,
} from '../src/features/orders/live';

const order = (Id: number): Order => ({
  Id,
  ForexId: 29,
  ForexTradeLists: { Code: 'BTCUSD', ShowCode: 'BTC/USD', PricePrecision: 2 },
  OrderType: 1,
  Quantity: '0.01',
  Price: 105000.12,
  OriginPrice: 105000.12,
  UpdatePrice: 104990,
  ClosePrice: 0,
  FactProfits: '-0.10',
  CautionMoney: '525.000600',
  TradeFee: '2.625003',
  Multiple: 2,
  MarginMode: 2,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  Status: 1,
  CloseReason: '',
  CreateTimeHandler: '2026-11-18 12:00:00',
  CompleteTimeHandler: '',
});

const page = (ids: number[], total: number): OrderPage => ({
  data: ids.map(order),
  total,
  all_fact_profits: '0',
  balance: '100000.00',
});

const pages = (...p: OrderPage[]): OrderPages => ({
  pages: p,
  pageParams: p.map((_, i) => ({ page: i + 1 })),
});

describe('FOREX_CLOSED removes the ended orders from the list', () => {
  const list = pages(page([9, 8, 7], 5), page([6, 5], 5));

  it('drops them from every page and lowers the total by as many', () => {
    const next = removeOrders(list, [8, 5, 42])!;
    expect(next.pages.map((p) => p.data.map((o) => o.Id))).toEqual([[9, 7], [6]]);
    expect(next.pages.map((p) => p.total)).toEqual([3, 3]);
    expect(nextPageOf(next.pages)).toBeUndefined(); // loaded 3 ≥ total 3
  });

  it('returns the same object when none of the ids is listed, and copes with no data', () => {
    expect(removeOrders(list, [1, 2])).toBe(list);
    expect(removeOrders(list, [])).toBe(list);
    expect(removeOrders(undefined, [1])).toBeUndefined();
  });

  it('reads the ids of a push and tells which are listed or unknown', () => {
    expect(closedIdsOf([8, '5', null, -1, 'x'])).toEqual([8, 5]);
    expect(closedIdsOf({ ids: [1] })).toEqual([]);
    expect(listHasAny(list, [5])).toBe(true);
    expect(listHasAny(list, [4])).toBe(false);
    expect(missingIds(list, [9, 10])).toEqual([10]);
    // Only page 1 of 5 loaded: 6 and 5 are on page 2, not missing; 10 is newer than all loaded.
    expect(missingIds(pages(page([9, 8, 7], 5)), [10, 9, 8, 7, 6, 5])).toEqual([10]);
  });

  it('tells which pending orders a FOREX_TRADE push shows as positions now (filled)', () => {
    // The pending list holds 9, 8, 7, 6, 5; the push lists the open positions 3, 7 and 5.
    expect(filledFromPending(list, [3, 7, 5])).toEqual([7, 5]);
    expect(filledFromPending(list, [3])).toEqual([]);
    expect(filledFromPending(undefined, [7])).toEqual([]);
  });
});

describe('order list paging (spec §4 Lists)', () => {
  it('asks the next page until the loaded count reaches the total', () => {
    expect(nextPageOf([page([1, 2], 4)])).toBe(2);
    expect(nextPageOf([page([1, 2], 4), page([3, 4], 4)])).toBeUndefined();
    expect(nextPageOf([page([], 0)])).toBeUndefined();
    expect(nextPageOf([page([1], 3), page([], 3)])).toBeUndefined(); // an empty page ends it too
  });

  it('anchors the next page on the last order shown (after_id), so new or ended orders do not shift it', () => {
    expect(nextPageParamOf([page([9, 8], 4)])).toEqual({ page: 2, afterId: 8 });
    // A push removed the last rows of the last page: the last order still shown anchors it.
    expect(nextPageParamOf([page([9, 8], 5), page([], 5)])).toBeUndefined();
    expect(nextPageParamOf([page([9, 8], 6), page([7], 6)])).toEqual({ page: 3, afterId: 7 });
    expect(nextPageParamOf([page([9, 8], 2)])).toBeUndefined();
  });
});

describe('FOREX_TRADE live values', () => {
  it("keeps the account figures and each position's price and profit", () => {
    useLiveOrders.getState().reset();
    useLiveOrders.getState().apply({
      ProfitsTotal: '-0.10',
      HazardRate: '19047.50',
      CautionMoneyAll: '525.000600',
      NetValue: '99997.27',
      TransOrder: [{ Id: 9, UpdatePrice: 104990, FactProfits: '-0.10' }],
    });
    const s = useLiveOrders.getState();
    expect(s.account).toEqual({
      ProfitsTotal: '-0.10',
      HazardRate: '19047.50',
      CautionMoneyAll: '525.000600',
      NetValue: '99997.27',
    });
    expect(s.byId[9]).toEqual({ UpdatePrice: 104990, FactProfits: '-0.10' });
  });

  it('keeps only the positions the latest push lists (every push lists all open ones)', () => {
    useLiveOrders.getState().reset();
    const push = (ids: number[]) =>
      useLiveOrders.getState().apply({
        ProfitsTotal: '0',
        HazardRate: '0',
        CautionMoneyAll: '0',
        NetValue: '0',
        TransOrder: ids.map((Id) => ({ Id, UpdatePrice: 1, FactProfits: '0' })),
      });
    push([1, 2, 3]);
    push([2, 3, 4]);
    push([4]);
    expect(Object.keys(useLiveOrders.getState().byId)).toEqual(['4']);
  });
});
