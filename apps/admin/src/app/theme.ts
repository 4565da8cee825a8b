import type { ThemeConfig } from 'antd';

/**
 * Grey text antd draws lighter than WCAG AA allows (its 45% black reads 3.4:1): secondary text,
 * description labels, form help, placeholders, empty tables. 57% black is 5.1:1 on white and 5.0:1
 * on the layout's #f5f5f5, still lighter than the 65% of colorTextSecondary.
 */
const TEXT_MUTED = 'rgba(0, 0, 0, 0.57)';

/** antd's own palette, one or two steps darker where its default fails 4.5:1. */
const BLUE = '#0958d9'; // blue-7: 6.2:1 on white, 5.5:1 on the blue tint of tags and selections
const RED = '#cf1322'; // red-7: 5.6:1 as text on white and for white text on a danger button
const GREEN_TEXT = '#237804'; // green-8: 5.4:1 on the green tint of tags
const GOLD_TEXT = '#874d00'; // gold-9: 6.5:1 on the warning tint (gold-7/8 read 2.8/4.3:1)

/**
 * The back office's antd theme: antd's look, with every text colour at least 4.5:1 on the
 * backgrounds it is drawn on (WCAG 2.1 AA, checked with axe-core on the screens). Seeds that only
 * tint backgrounds and icons (success, warning) keep antd's values; their text variants darken.
 */
export const ADMIN_THEME: ThemeConfig = {
  token: {
    colorPrimary: BLUE,
    // Links and the "processing" status follow colorInfo (antd's #1677ff reads 4.1:1 on white).
    colorInfo: BLUE,
    colorError: RED,
    // The error seed would otherwise tint alerts darker than antd's; keep antd's light surfaces.
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorSuccessText: GREEN_TEXT,
    colorWarningText: GOLD_TEXT,
    colorTextTertiary: TEXT_MUTED,
    colorTextDescription: TEXT_MUTED,
    colorTextPlaceholder: TEXT_MUTED,
    borderRadius: 6,
  },
  components: {
    // A tag's text is its colour's 7th shade on the 1st; for these presets and statuses that is
    // under 4.5:1, so the text takes a darker shade of the same hue (the tint stays).
    Tag: {
      colorSuccess: GREEN_TEXT,
      colorWarning: GOLD_TEXT,
      green7: GREEN_TEXT,
      gold7: GOLD_TEXT,
      cyan7: '#006d75',
      lime7: '#3f6600',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      yellow7: '#876800',
    },
    // A picture's stand-in (no logo yet: a letter or an icon) stays a light tile, its mark dark
    // enough to read (antd draws white on the placeholder colour).
    Avatar: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.06)', colorTextLightSolid: TEXT_MUTED },
    // An empty table's text is drawn in colorTextDisabled (1.8:1): it is information, not a
    // disabled control.
    Table: { colorTextDisabled: TEXT_MUTED },
  },
};
