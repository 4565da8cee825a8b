import { describe, expect, it } from 'vitest';
import { money } from '../../src/money.ts';
import {
  accountFigures,
  planStopOut,
  prepaymentRatioOf,
  riskRateOf,
  riskStatusOf,
  stopOutVictim,
  toPercentText,
} from '../../src/trading/index.ts';

describe('account figures (DESIGN §3)', () => {
  it('worked example: balance 5 000, margin 1 165.12, floating −200', () => {
    const f = accountFigures({ balance: '5000', margin: '1165.12', floatingProfit: '-200' });
    // net value = 5 000 + 1 165.12 − 200 = 5 965.12
    expect(f.netValue.toFixed(2)).toBe('5965.12');
    // risk rate = 5 965.12 ÷ 1 165.12 × 100 = 511.9747…%
    expect(f.riskRate && toPercentText(f.riskRate)).toBe('511.97');
    // prepayment ratio = 1 165.12 ÷ 5 965.12 × 100 = 19.5322…%
    expect(f.prepaymentRatio && toPercentText(f.prepaymentRatio)).toBe('19.53');
    // free margin is the available balance itself
    expect(f.freeMargin.toFixed(2)).toBe('5000.00');
    expect(f.status).toBe('ok');
  });

  it('no margin: no risk rate, prepayment 0, status none', () => {
    const f = accountFigures({ balance: '100', margin: '0', floatingProfit: '0' });
    expect(f.riskRate).toBeNull();
    expect(f.prepaymentRatio?.toFixed(0)).toBe('0');
    expect(f.status).toBe('none');
  });

  it('prepayment ratio is undefined when net value is not positive', () => {
    expect(prepaymentRatioOf('0', '100')).toBeNull();
    expect(prepaymentRatioOf('-5', '100')).toBeNull();
  });

  it.each([
    ['101', 'ok'],
    ['100', 'margin_call'], // "at 100 %": equality counts
    ['75', 'margin_call'],
    ['50.000001', 'margin_call'],
    ['50', 'stop_out'], // "falls to 50 %"
    ['-10', 'stop_out'],
  ])('risk rate %s%% → %s', (rate, status) => {
    expect(riskStatusOf(money(rate))).toBe(status);
  });

  it('custom levels', () => {
    expect(riskStatusOf(money('120'), { marginCall: '150', stopOut: '80' })).toBe('margin_call');
    expect(riskStatusOf(money('80'), { marginCall: '150', stopOut: '80' })).toBe('stop_out');
    expect(riskRateOf('440', '1000')?.toFixed(0)).toBe('44');
  });
});

describe('stop-out order', () => {
  it('closes the largest loss, not the largest margin, and stops once above the level', () => {
    // balance 0; A margin 200 profit −300, B margin 700 profit −250, C margin 100 profit −10
    // margin 1 000, floating −560, net value 440 → 44 % ≤ 50 → stop-out
    // close A (−300, the largest loss): margin 800, net value still 440 → 55 % > 50 → done
    const positions = [
      { id: 'B', margin: '700', profit: '-250' },
      { id: 'A', margin: '200', profit: '-300' },
      { id: 'C', margin: '100', profit: '-10' },
    ];
    expect(planStopOut({ balance: '0', margin: '1000', floatingProfit: '-560' }, positions)).toEqual(['A']);
  });

  it('repeats until the rate is above the level', () => {
    // A margin 100 profit −300, B margin 800 profit −250, C margin 100 profit −10: NV 440, 44 %
    // close A: margin 900 → 48.9 % still ≤ 50 → close B (−250): margin 100 → 440 % → done
    const positions = [
      { id: 1, margin: '100', profit: '-300' },
      { id: 2, margin: '800', profit: '-250' },
      { id: 3, margin: '100', profit: '-10' },
    ];
    expect(planStopOut({ balance: '0', margin: '1000', floatingProfit: '-560' }, positions)).toEqual([1, 2]);
  });

  it('margin of pending orders stays held and is not a position to close', () => {
    // positions margin 500 + pending 500 = 1 000; position P loses 600; balance 50 → NV 450, 45 %
    // closing P leaves 500 pending margin: 450 ÷ 500 = 90 % → done, the pending order stays
    expect(
      planStopOut({ balance: '50', margin: '1000', floatingProfit: '-600' }, [
        { id: 'P', margin: '500', profit: '-600' },
      ]),
    ).toEqual(['P']);
  });

  it('nothing to do above the level; ties keep the caller order (oldest first)', () => {
    expect(
      planStopOut({ balance: '1000', margin: '1000', floatingProfit: '0' }, [
        { id: 1, margin: '1000', profit: '0' },
      ]),
    ).toEqual([]);
    expect(
      stopOutVictim([
        { id: 'old', margin: '1', profit: '-5' },
        { id: 'new', margin: '1', profit: '-5' },
      ])?.id,
    ).toBe('old');
    expect(stopOutVictim([])).toBeNull();
  });
});
