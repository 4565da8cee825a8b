import type { Order } from '@meridian/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { OrderDetail } from '../src/features/orders/components/order-detail';
import { i18n } from '../src/lib/i18n';
import { socket } from '../src/lib/realtime';
import { type LiveQuote, useQuotes } from '../src/stores/quotes';
import { setupTestI18n } from './i18n-helper';
import { anOrder } from './order-fixture';

const order = (over: Partial<Order>): Order => anOrder(over);

/** A pending order as the server lists it: no fill price, UpdatePrice 0, FactProfits 0. */
const pending = (over: Partial<Order> = {}) =>
  order({ Status: 0, Price: 0, OriginPrice: 1.15, UpdatePrice: 0, FactProfits: '0.000000', ...over });

const tick = (Id: number, Bid: number, Ask: number, Time: number): LiveQuote => ({
  symbol: 'EURUSD',
  Id,
  Open: Bid,
  Close: Bid,
  Change: 0,
  Bid,
  Ask,
  High: Ask,
  Low: Bid,
  MarketStatus: 1,
  Time,
});

async function show(o: Order) {
  await act(async () => {
    render(
      <OrderDetail
        order={o}
        onClose={() => {}}
        onClosePosition={() => {}}
        onCancel={() => {}}
        onSetStops={async () => true}
      />,
    );
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('order detail popup fields', () => {
  beforeAll(async () => {
    setupAntdMobile();
    await setupTestI18n();
    if (!i18n.isInitialized) await i18n.init({ lng: 'en', resources: {} });
  });
  afterEach(() => {
    cleanup();
    useQuotes.setState({ byId: {} });
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('a pending order shows its live fill-side price (ask for a buy, bid for a sell) and no profit', async () => {
    const subscribe = vi.spyOn(socket, 'subscribe');
    useQuotes.getState().applyMany([tick(1, 1.16488, 1.165, 1)]);
    await show(pending());
    expect(subscribe).toHaveBeenCalledWith('DAY_MARKET');
    expect(text('detail-price')).toBe('1.16500');
    expect(text('detail-profit')).toBe('--');
    // Live: the next tick moves it.
    await act(async () => useQuotes.getState().applyMany([tick(1, 1.1649, 1.16502, 2)]));
    expect(text('detail-price')).toBe('1.16502');
    cleanup();
    await show(pending({ OrderType: 2 }));
    expect(text('detail-price')).toBe('1.16490');
    expect(text('detail-profit')).toBe('--');
  });

  it('a pending order whose instrument has not ticked yet shows -- rather than a stale 0', async () => {
    await show(pending());
    expect(text('detail-price')).toBe('--');
  });

  it('a holding position keeps its pushed price and profit and does not ask for quotes', async () => {
    const subscribe = vi.spyOn(socket, 'subscribe');
    await show(order({}));
    expect(text('detail-price')).toBe('1.16520');
    expect(text('detail-profit')).toBe('+0.80');
    expect(subscribe).not.toHaveBeenCalledWith('DAY_MARKET');
  });

  it('shows the target price of an order placed as pending, also once it has filled or closed', async () => {
    await show(pending());
    expect(text('detail-target-price')).toBe('1.15000');
    expect(screen.queryByTestId('detail-open-price')).toBeNull();
    cleanup();
    // Filled through a gap: opened at 1.14995, placed at 1.15.
    await show(order({ Status: 1, Price: 1.14995, OriginPrice: 1.15 }));
    expect(text('detail-open-price')).toBe('1.14995');
    expect(text('detail-target-price')).toBe('1.15000');
    cleanup();
    await show(order({ Status: 3, Price: 1.14995, OriginPrice: 1.15, ClosePrice: 1.16, UpdatePrice: 1.16 }));
    expect(text('detail-open-price')).toBe('1.14995');
    expect(text('detail-target-price')).toBe('1.15000');
    cleanup();
    // A market order has no target.
    await show(order({}));
    expect(text('detail-open-price')).toBe('1.16512');
    expect(screen.queryByTestId('detail-target-price')).toBeNull();
  });

  it("shows the position's leverage, or fixed margin where leverage does not apply", async () => {
    await show(order({ Multiple: 100, MarginMode: 2 }));
    expect(text('detail-leverage')).toBe('1:100');
    expect(screen.getByTestId('detail-leverage').classList.contains('num')).toBe(true);
    cleanup();
    await show(order({ Multiple: 1, MarginMode: 1 }));
    expect(text('detail-leverage')).toBe('Fixed margin');
    // Words, not a figure: they flow in the language's direction (Arabic, Persian), not in the
    // figures' left-to-right box.
    expect(screen.getByTestId('detail-leverage').classList.contains('num')).toBe(false);
  });

  it('writes the close reason as text in the language’s direction, figures as figures', async () => {
    await show(order({ Status: 3, CloseReason: 'stop_loss', ClosePrice: 1.0825 }));
    expect(text('detail-close-reason')).toBe('Stop loss');
    expect(screen.getByTestId('detail-close-reason').classList.contains('num')).toBe(false);
    expect(screen.getByTestId('detail-price').classList.contains('num')).toBe(true);
  });

  it('shows the handling fee with 6 decimals like the margin, in the language format', async () => {
    await show(order({ TradeFee: '0.33201' }));
    expect(text('detail-fee')).toBe('0.332010');
    cleanup();
    await show(order({ TradeFee: '2.6243', CautionMoney: '1165.120000' }));
    expect(text('detail-fee')).toBe('2.624300');
    expect(screen.getByText('1,165.120000')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('de');
    await show(order({ TradeFee: '1234.5' }));
    expect(text('detail-fee')).toBe('1.234,500000');
  });
});
