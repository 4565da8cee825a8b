import { scaled } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { stopTextFrom, textFrom } from './live-order.ts';

describe('stored texts of what the rules parsed', () => {
  it("keeps the trader's text when it is canonical and formats the value otherwise", () => {
    expect(textFrom('1.25', scaled('1.25'))).toBe('1.25');
    for (const input of ['1.250', ' 1.25', '01.25', '1.25 '])
      expect(textFrom(input, scaled('1.25'))).toBe('1.25');
    expect(textFrom(undefined, scaled('3'))).toBe('3');
    expect(textFrom('3.0', scaled('3'))).toBe('3');
  });

  it("stores '0' for no stop, whatever the text said", () => {
    expect(stopTextFrom('0', null)).toBe('0');
    expect(stopTextFrom('', null)).toBe('0');
    expect(stopTextFrom('0.000', null)).toBe('0');
    expect(stopTextFrom('1.10', scaled('1.1'))).toBe('1.1');
  });
});
