import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { ADMIN_THEME } from '../src/app/theme';

/**
 * The back office's colours against WCAG 2.1 AA (4.5:1 for text), computed from the theme itself:
 * a token changed back to antd's lighter default fails here before axe finds it on a screen.
 */

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const digits = hex[1]!.length === 3 ? hex[1]!.replace(/./g, '$&$&') : hex[1]!;
    const n = Number.parseInt(digits, 16);
    return [n >> 16, (n >> 8) & 255, n & 255, 1];
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s/g, ''));
  if (!rgba) throw new Error(`not a colour: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = rgba[1]!.split(',').map(Number);
  return [r, g, b, a];
}

/** `color` as drawn on the opaque `under` (alpha blended). */
function over(color: string, under: string): Rgba {
  const [r, g, b, a] = parse(color);
  const [R, G, B] = parse(under);
  return [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
}

const luminance = ([r, g, b]: Rgba) => {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG contrast ratio of `text` drawn on `background` (both as painted on white). */
function contrast(text: string, background: string) {
  const bg = over(background, '#ffffff');
  const hex = `rgb(${bg.slice(0, 3).join(',')})`;
  const [a, b] = [luminance(over(text, hex)), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

const token = theme.getDesignToken(ADMIN_THEME);
const components = ADMIN_THEME.components!;
const tag = components.Tag as Record<string, string>;
const AA = 4.5;
const WHITE = '#ffffff';

describe('back office theme contrast (WCAG AA)', () => {
  it('the contrast helper agrees with known ratios', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', WHITE)).toBeCloseTo(4.1, 1); // antd's default link: fails
    expect(contrast('rgba(0, 0, 0, 0.45)', WHITE)).toBeLessThan(AA); // antd's tertiary text
  });

  it.each([
    ['colorPrimary', token.colorPrimary],
    ['colorLink', token.colorLink],
    ['colorTextSecondary', token.colorTextSecondary],
    ['colorTextTertiary', token.colorTextTertiary],
    ['colorTextDescription', token.colorTextDescription],
    ['colorTextPlaceholder', token.colorTextPlaceholder],
    ['colorError', token.colorError],
    ['colorErrorText', token.colorErrorText],
    ['colorSuccessText', token.colorSuccessText],
    ['colorWarningText', token.colorWarningText],
    ['colorInfoText', token.colorInfoText],
    ['Table empty text', (components.Table as Record<string, string>).colorTextDisabled!],
  ])('%s reads on white, the layout grey and the header grey', (_, color) => {
    for (const bg of [WHITE, token.colorBgLayout, token.colorFillAlter]) {
      expect(contrast(color, bg), `${color} on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('links and muted text read on the tints of alerts and selections', () => {
    for (const bg of [token.colorPrimaryBg, token.colorInfoBg, token.colorWarningBg, token.colorErrorBg]) {
      expect(contrast(token.colorLink, bg), `link on ${bg}`).toBeGreaterThanOrEqual(AA);
      expect(contrast(token.colorTextDescription, bg), `muted on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('white labels read on primary and danger buttons and the selected menu item', () => {
    expect(contrast(token.colorTextLightSolid, token.colorPrimary)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorTextLightSolid, token.colorError)).toBeGreaterThanOrEqual(AA);
  });

  it.each([
    ['success', tag.colorSuccess ?? token.colorSuccess, token.colorSuccessBg],
    ['processing', tag.colorInfo ?? token.colorInfo, token.colorInfoBg],
    ['error', tag.colorError ?? token.colorError, token.colorErrorBg],
    ['warning', tag.colorWarning ?? token.colorWarning, token.colorWarningBg],
  ])('a %s status tag reads on its tint', (_, text, bg) => {
    expect(contrast(text, bg)).toBeGreaterThanOrEqual(AA);
  });

  const presets = [
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ] as const;
  it.each(presets)('a %s tag reads on its tint', (color) => {
    const palette = token as unknown as Record<string, string>;
    const text = tag[`${color}7`] ?? palette[`${color}7`]!;
    expect(contrast(text, palette[`${color}1`]!)).toBeGreaterThanOrEqual(AA);
  });

  it('a logo stand-in (letter or icon) reads on its tile', () => {
    const avatar = components.Avatar as Record<string, string>;
    expect(contrast(avatar.colorTextLightSolid!, avatar.colorTextPlaceholder!)).toBeGreaterThanOrEqual(AA);
  });
});
