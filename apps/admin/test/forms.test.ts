import type { StaffInstrument } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, normalizeLeverage } from '../src/features/instruments/components/instrument-drawer';
import { splitLeverage } from '../src/features/instruments/components/instrument-fields';
import { changedSettings, toValues } from '../src/features/settings/api/settings';
import { isValidAdjustment } from '../src/features/users/api/adjust-balance';
import { formatCount, groupDecimal, signOf } from '../src/lib/format';
import { isStrongPassword } from '../src/lib/password-policy';
import { pagingOf } from '../src/lib/use-url-state';

const instrument: StaffInstrument = {
  id: 1,
  code: 'EURUSD',
  showCode: 'EUR/USD',
  categoryId: 1,
  logo: '',
  baseCurrency: 'EUR',
  quoteCurrency: 'USD',
  pricePrecision: 5,
  spreadPoints: 12,
  lotStep: '0.01',
  minLots: '0.01',
  contractSize: '100000',
  feeRate: '0.003',
  marginMode: 2,
  leverageOptions: [10, 50, 100],
  session: 'forex',
  maxLotsPerOrder: '50',
  maxOpenLots: '200',
  sort: 1,
  enabled: true,
};

const formValues = () => ({
  showCode: 'EUR/USD',
  categoryId: 1,
  spreadPoints: 12,
  pricePrecision: 5,
  session: 'forex' as const,
  lotStep: '0.01',
  minLots: '0.01',
  contractSize: '100000',
  feeRate: '0.003',
  marginMode: 2 as const,
  leverageOptions: [10, 50, 100],
  maxLotsPerOrder: '50',
  maxOpenLots: '200',
  sort: 1,
  enabled: true,
});

describe('instrument edit', () => {
  it('sends only the fields that changed', () => {
    expect(changedFields(instrument, formValues())).toEqual({});
    expect(
      changedFields(instrument, {
        ...formValues(),
        spreadPoints: 15,
        pricePrecision: 4,
        session: 'crypto',
        minLots: ' 0.10 ',
        leverageOptions: [10, 100, 200],
        enabled: false,
      }),
    ).toEqual({
      spreadPoints: 15,
      pricePrecision: 4,
      session: 'crypto',
      minLots: '0.10',
      leverageOptions: [10, 100, 200],
      enabled: false,
    });
  });

  it('leverage tags become whole numbers 1–1000, unique and ascending', () => {
    expect(normalizeLeverage(['100', 20, ' 50', 'x', '0', '1001', '2.5', 20])).toEqual([20, 50, 100]);
    expect(normalizeLeverage(undefined)).toEqual([]);
  });

  it('says which typed tags are not leverages (they were dropped without a word)', () => {
    expect(splitLeverage(['100', '1.5', ' 50', '0', '2.0'])).toEqual({
      kept: [50, 100],
      refused: ['1.5', '0', '2.0'],
    });
    expect(splitLeverage([10, 20])).toEqual({ kept: [10, 20], refused: [] });
  });
});

describe('settings', () => {
  it('reads the list into values and sends only changed keys', () => {
    const current = toValues([
      { key: 'site_title', value: 'Meridian' },
      { key: 'stop_out_level', value: '50' },
    ]);
    expect(current.site_title).toBe('Meridian');
    expect(current.platform_email).toBe('');
    expect(changedSettings(current, { ...current })).toEqual({});
    expect(changedSettings(current, { ...current, stop_out_level: ' 40 ', site_title: 'Meridian' })).toEqual({
      stop_out_level: '40',
    });
  });
});

describe('balance adjustment amount (the contract’s rule)', () => {
  it.each([
    ['100', true],
    ['-25.5', true],
    ['0.000001', true],
    ['-0.1234567', false],
    ['0', false],
    ['-0.00', false],
    ['1e3', false],
    ['12,5', false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(isValidAdjustment(value)).toBe(ok);
  });
});

describe('formatting and paging', () => {
  it('groups decimal strings without floats', () => {
    expect(groupDecimal('1234567.123456789')).toBe('1,234,567.123456789');
    expect(groupDecimal('-1000')).toBe('-1,000');
    expect(groupDecimal(null)).toBe('—');
    expect(formatCount(null)).toBe('—');
    expect(formatCount(12345)).toBe('12,345');
  });

  it('signs decimal strings', () => {
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('0.000')).toBe(0);
    expect(signOf('-0')).toBe(0);
    expect(signOf('3')).toBe(1);
    expect(signOf(null)).toBe(0);
  });

  it('reads page and size from the URL within the contracts’ limits', () => {
    expect(pagingOf({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(pagingOf({ page: 'x', pageSize: '999' })).toEqual({ page: 1, pageSize: 200 });
    expect(pagingOf({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('password policy: 12+ characters with letters and digits', () => {
    expect(isStrongPassword('abcdefghijk1')).toBe(true);
    expect(isStrongPassword('abcdefghijkl')).toBe(false);
    expect(isStrongPassword('short1')).toBe(false);
  });
});
