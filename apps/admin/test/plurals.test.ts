import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../src/lib/i18n';
import { setupTestI18n } from './helpers';

/** English counts read as English: 1 account, 2 accounts (i18next's _one/_other forms). */
describe('en counts', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  const t = (key: string, options: Record<string, unknown>) => i18n.t(key, options);

  it('the margin-call and stop-out impact of new levels', () => {
    expect(t('settings.marginCallImpact', { count: 1, demo: 0 })).toBe(
      '1 account (plus 0 demo) is at or below the new margin-call level and will be warned.',
    );
    expect(t('settings.marginCallImpact', { count: 3, demo: 1 })).toBe(
      '3 accounts (plus 1 demo) are at or below the new margin-call level and will be warned.',
    );
    expect(
      t('settings.stopOutImpact', {
        count: 1,
        demo: 0,
        positions: t('settings.impactPositions', { count: 1 }),
      }),
    ).toBe(
      'At the latest prices, 1 account (plus 0 demo) is at or below the new stop-out level: on the next price the engine closes up to 1 position, largest loss first, until it is back above it.',
    );
    expect(t('settings.impactPositions', { count: 4 })).toBe('4 positions');
  });

  it('a spread change’s confirmation', () => {
    const text = (positions: number | null, pending: number | null) =>
      t('instruments.spreadConfirm', {
        from: '0.00012',
        to: '0.00120',
        factor: 10,
        positions: t('instruments.spreadPositions', { count: positions ?? Number.NaN, n: positions ?? '?' }),
        pending: t('instruments.spreadPending', { count: pending ?? Number.NaN, n: pending ?? '?' }),
      });
    expect(text(1, 1)).toBe(
      'The spread goes from 0.00012 to 0.00120 in price (10× wider). From the next quote, 1 open position is valued at the wider price and its stop loss may be hit at once; 1 pending order fills at it.',
    );
    expect(text(2, 0)).toContain('2 open positions are valued');
    expect(text(2, 0)).toContain('0 pending orders fill at it.');
    // Counts that could not be read: '?', in the plural.
    expect(text(null, null)).toContain('? open positions are valued');
    expect(text(null, null)).toContain('? pending orders fill at it.');
  });

  it('reconciliation', () => {
    expect(t('dashboard.reconciled', { count: 1 })).toBe(
      'The 1 account equals the sum of its ledger entries (balance, frozen and margin)',
    );
    expect(t('dashboard.reconciled', { count: 12 })).toMatch(/^All 12 accounts equal/);
  });

  it('the adjustment preview names the balance as it is now, not after', () => {
    expect(t('userDetail.debitPreview', { amount: '50.00', balance: '1,000.00' })).toBe(
      '50.00 will be debited (current balance 1,000.00)',
    );
  });
});
