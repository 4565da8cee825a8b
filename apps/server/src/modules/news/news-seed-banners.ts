/**
 * Banners of the seeded articles: drawn here as SVG (shapes only, no text, so no font is needed)
 * and written as PNG public uploads at start (jobs/write-seed-banners.ts). Fixed names in the
 * upload shape, so a seeded article's logo is an ordinary upload staff can keep or replace.
 */

const W = 750;
const H = 375;

/** A gradient background with a faint grid, and the motif on top. */
function banner(from: string, to: string, motif: string): string {
  const grid = [1, 2, 3, 4]
    .map((i) => `<line x1="0" y1="${i * 75}" x2="${W}" y2="${i * 75}" />`)
    .concat([1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `<line x1="${i * 75}" y1="0" x2="${i * 75}" y2="${H}" />`))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<g stroke="#ffffff" stroke-opacity="0.08" stroke-width="1">${grid}</g>
${motif}
</svg>`;
}

/** A price line across the banner, through the points given as (x, y) pairs. */
const priceLine = (points: string, colour = '#ffffff') =>
  `<polyline points="${points}" fill="none" stroke="${colour}" stroke-opacity="0.85" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"/>`;

/** Candlesticks: [x, open, close, high, low] in banner pixels (y grows downwards). */
const candles = (rows: Array<[number, number, number, number, number]>) =>
  rows
    .map(([x, open, close, high, low]) => {
      const colour = close < open ? '#3ddc97' : '#ff6b6b';
      const top = Math.min(open, close);
      return `<line x1="${x}" y1="${high}" x2="${x}" y2="${low}" stroke="${colour}" stroke-width="3"/><rect x="${x - 10}" y="${top}" width="20" height="${Math.max(4, Math.abs(close - open))}" fill="${colour}"/>`;
    })
    .join('');

const centralBank = banner(
  '#0b2545',
  '#13315c',
  `<g fill="#ffffff" fill-opacity="0.88" transform="translate(455 70)">
<polygon points="0,70 120,10 240,70"/><rect x="0" y="78" width="240" height="14"/>
${[14, 62, 110, 158, 206].map((x) => `<rect x="${x}" y="100" width="20" height="130"/>`).join('')}
<rect x="-10" y="236" width="260" height="16"/><rect x="-24" y="256" width="288" height="14"/></g>
${priceLine('40,300 110,280 180,292 250,250 320,262 390,215')}`,
);

const gold = banner(
  '#3d2c0a',
  '#a67c1b',
  `<defs><linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe08a"/><stop offset="1" stop-color="#d4a017"/></linearGradient></defs>
<g fill="url(#bar)" stroke="#7a5a0c" stroke-width="3">${(
    [
      [440, 255],
      [590, 255],
      [515, 200],
    ] as const
  )
    .map(([x, y]) => `<polygon points="${x},${y + 52} ${x + 140},${y + 52} ${x + 118},${y} ${x + 22},${y}"/>`)
    .join('')}</g>
${priceLine('30,310 100,290 170,300 240,240 310,250 380,170 430,120', '#fff3c4')}`,
);

const oil = banner(
  '#1b1f24',
  '#24503f',
  `<g transform="translate(500 70)"><rect x="0" y="0" width="170" height="230" rx="26" fill="#2f7d5b" stroke="#bfe8d3" stroke-width="4"/>
<rect x="0" y="58" width="170" height="12" fill="#bfe8d3"/><rect x="0" y="160" width="170" height="12" fill="#bfe8d3"/></g>
<path d="M430 120 C 430 120 395 165 395 190 A 35 35 0 0 0 465 190 C 465 165 430 120 430 120 Z" fill="#0f1115" stroke="#bfe8d3" stroke-width="3"/>
<g fill="#ffffff" fill-opacity="0.75">${[0, 1, 2].map((i) => `<rect x="${60 + i * 90}" y="${170 + i * 40}" width="60" height="${150 - i * 40}"/>`).join('')}</g>`,
);

const bitcoin = banner(
  '#2b1055',
  '#d97706',
  `${candles([
    [90, 250, 210, 190, 290],
    [150, 215, 260, 180, 300],
    [210, 255, 170, 140, 280],
    [270, 175, 120, 70, 200],
    [330, 125, 230, 100, 300],
    [390, 225, 150, 110, 260],
    [450, 150, 90, 40, 190],
    [510, 95, 200, 80, 270],
    [570, 195, 110, 60, 230],
    [630, 115, 70, 30, 150],
  ])}
<circle cx="660" cy="300" r="44" fill="#f7931a" stroke="#ffffff" stroke-width="4"/>
<path d="M648 276 v48 M662 276 v48 M640 282 h30 a10 10 0 0 1 0 20 h-30 M640 302 h34 a11 11 0 0 1 0 22 h-34" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>`,
);

const riskTip = banner(
  '#1f2937',
  '#1d4ed8',
  `<path d="M560 60 L660 95 L660 185 C660 250 615 290 560 315 C505 290 460 250 460 185 L460 95 Z" fill="#ffffff" fill-opacity="0.9"/>
<path d="M515 190 L550 225 L610 150" fill="none" stroke="#1d4ed8" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
<line x1="30" y1="280" x2="420" y2="280" stroke="#ff6b6b" stroke-width="4" stroke-dasharray="14 10"/>
${priceLine('30,220 90,200 150,235 210,180 270,205 330,150 400,120')}`,
);

/** Name (as storeImage would name an upload) → drawing. */
export const NEWS_SEED_BANNERS = {
  centralBank: { name: '2334be73-832c-4c9f-8bad-0053b60831ba.png', svg: centralBank },
  gold: { name: 'df679f44-e1dc-4733-a7c9-8494990b06b2.png', svg: gold },
  oil: { name: '9b7fcadd-0749-4d35-bacd-8f578b84243c.png', svg: oil },
  bitcoin: { name: 'd8394ad6-f541-4fcb-8442-0491f9266984.png', svg: bitcoin },
  riskTip: { name: 'db0f9ead-ae9d-4f6d-a511-856682b2bc8e.png', svg: riskTip },
} as const;

/** The public URL of a seeded banner (the shape of an uploaded news image). */
export const seedBannerUrl = (b: { name: string }) => `/static/upload/news/${b.name}`;
