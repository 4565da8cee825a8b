import type { CandlePeriodName } from '@meridian/contracts';

/** Period bar of the chart (spec §2/§9): labels are chart notation, the same in every language. */
export const PERIODS: ReadonlyArray<{ label: string; value: CandlePeriodName }> = [
  { label: '1M', value: '1min' },
  { label: '5M', value: '5min' },
  { label: '15M', value: '15min' },
  { label: '30M', value: '30min' },
  { label: '1H', value: '60min' },
  { label: '1D', value: '1day' },
];

export const DEFAULT_PERIOD: CandlePeriodName = '1min';
