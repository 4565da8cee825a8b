import type { AccountSummary } from '@meridian/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderKeys } from '../src/features/orders/api/get-orders';
import { SummaryCard } from '../src/features/orders/components/summary-card';
import { entersMarginCall, marginCallWatcher, useLiveOrders } from '../src/features/orders/live';
import { queryClient } from '../src/lib/query-client';
import { setupTestI18n } from './i18n-helper';

const en = await import('../../../packages/i18n/locales/en/web.json');

const summary = (over: Partial<AccountSummary>): AccountSummary => ({
  balance: '10000.00',
  lock_balance: '0.00',
  CautionMoneyAll: '90000.000000',
  ProfitsTotal: '-30000.00',
  NetValue: '70000.00',
  HazardRate: '77.78',
  PrepaymentRatio: '128.57',
  RiskStatus: 'margin_call',
  ...over,
});

async function renderCard() {
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <SummaryCard />
      </QueryClientProvider>,
    );
  });
}

describe('margin-call warning (DESIGN §3)', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  afterEach(() => {
    cleanup();
    useLiveOrders.getState().reset();
    queryClient.clear();
  });

  it('warns once on entering the margin-call band, again only after leaving it', () => {
    expect(entersMarginCall(undefined, 'margin_call')).toBe(true);
    expect(entersMarginCall('ok', 'margin_call')).toBe(true);
    expect(entersMarginCall('stop_out', 'margin_call')).toBe(true);
    expect(entersMarginCall('margin_call', 'margin_call')).toBe(false);
    expect(entersMarginCall('margin_call', 'ok')).toBe(false);
    expect(entersMarginCall('ok', 'stop_out')).toBe(false);
    expect(entersMarginCall(undefined, 'bogus')).toBe(false);
  });

  it('warns from the pushes on entering the band, ignores pushes without a status, forgets on reset', () => {
    let warnings = 0;
    const w = marginCallWatcher(() => warnings++);
    w.push({ RiskStatus: 'ok' });
    w.push({ RiskStatus: 'margin_call' });
    w.push({ RiskStatus: 'margin_call' });
    w.push({ HazardRate: '80.00' }); // no status: changes nothing
    w.push(undefined);
    w.push({ RiskStatus: 'margin_call' });
    expect(warnings).toBe(1);
    w.push({ RiskStatus: 'ok' });
    w.push({ RiskStatus: 'margin_call' });
    expect(warnings).toBe(2);
    w.reset(); // another account: its first margin-call push warns
    w.push({ RiskStatus: 'margin_call' });
    expect(warnings).toBe(3);
  });

  it('shows the warning on the summary card from the summary call, and nothing when the account is fine', async () => {
    queryClient.setQueryData(orderKeys.summary, summary({}));
    await renderCard();
    expect(screen.getByTestId('risk-warning').textContent).toBe(en.orders.marginCallWarning);
    cleanup();
    queryClient.setQueryData(orderKeys.summary, summary({ RiskStatus: 'ok', HazardRate: '150.00' }));
    await renderCard();
    expect(screen.queryByTestId('risk-warning')).toBeNull();
  });

  it('follows the FOREX_TRADE push over the summary call (a stop-out in progress, then recovered)', async () => {
    queryClient.setQueryData(orderKeys.summary, summary({ RiskStatus: 'ok' }));
    await renderCard();
    expect(screen.queryByTestId('risk-warning')).toBeNull();
    const push = {
      ProfitsTotal: '-50000.00',
      HazardRate: '44.44',
      CautionMoneyAll: '90000.000000',
      NetValue: '40000.00',
      TransOrder: [],
    };
    await act(async () => useLiveOrders.getState().apply({ ...push, RiskStatus: 'stop_out' }));
    expect(screen.getByTestId('risk-warning').textContent).toBe(en.orders.stopOutWarning);
    await act(async () =>
      useLiveOrders.getState().apply({ ...push, HazardRate: '150.00', RiskStatus: 'ok' }),
    );
    expect(screen.queryByTestId('risk-warning')).toBeNull();
  });

  it('shows the pushed balance over the summary call (money moved outside trading: margin unchanged)', async () => {
    queryClient.setQueryData(orderKeys.summary, summary({ RiskStatus: 'ok', balance: '2899.70' }));
    await renderCard();
    expect(screen.getByTestId('balance').textContent).toContain('2,899.70');
    await act(async () =>
      useLiveOrders.getState().apply({
        ProfitsTotal: '-0.26',
        HazardRate: '150.00',
        CautionMoneyAll: '100.000000',
        NetValue: '1499.44',
        Balance: '1399.70',
        RiskStatus: 'ok',
        TransOrder: [],
      }),
    );
    expect(screen.getByTestId('balance').textContent).toContain('1,399.70');
  });

  it("shows the server's prepayment ratio from the push, not one re-derived from the rounded net value", async () => {
    queryClient.setQueryData(orderKeys.summary, summary({ RiskStatus: 'ok' }));
    await renderCard();
    // A small account: margin 11.648200 over the exact net value 19.945055 is 58.40 %; over the
    // pushed, cent-rounded 19.95 it would read 58.39 %.
    await act(async () =>
      useLiveOrders.getState().apply({
        ProfitsTotal: '-0.05',
        HazardRate: '171.23',
        CautionMoneyAll: '11.648200',
        NetValue: '19.95',
        Balance: '8.31',
        PrepaymentRatio: '58.40',
        RiskStatus: 'ok',
        TransOrder: [],
      }),
    );
    expect(screen.getByTestId('prepayment-ratio').textContent).toContain('58.40');
  });
});
