/**
 * Logos of the seeded example companies: drawn here as SVG (shapes only, no text or fonts) and
 * written as PNG public uploads at start (jobs/write-seed-logos.ts), under fixed names in the
 * upload shape so staff can keep or replace them like any logo.
 */

const SIDE = 256;

const logo = (background: string, mark: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}"><rect width="${SIDE}" height="${SIDE}" rx="48" fill="${background}"/>${mark}</svg>`;

export const COMPANY_SEED_LOGOS = {
  // Waves under a lighthouse beam.
  harbourline: {
    name: '09bbf448-b2d9-4458-b0c9-67d594e133ff.png',
    svg: logo(
      '#0e4d64',
      '<path d="M40 170 q22 -20 44 0 t44 0 t44 0 t44 0" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/><path d="M40 205 q22 -20 44 0 t44 0 t44 0 t44 0" fill="none" stroke="#7fd1e8" stroke-width="12" stroke-linecap="round"/><polygon points="128,40 150,140 106,140" fill="#ffd166"/>',
    ),
  },
  // A gate of two pillars and a lintel.
  northgate: {
    name: '1c0ef091-2a92-467a-9a4c-0afbd6adb318.png',
    svg: logo(
      '#2d3142',
      '<rect x="60" y="70" width="34" height="130" fill="#ef8354"/><rect x="162" y="70" width="34" height="130" fill="#ef8354"/><rect x="44" y="50" width="168" height="26" fill="#ffffff"/><path d="M94 200 A34 34 0 0 1 162 200" fill="none" stroke="#ffffff" stroke-width="10"/>',
    ),
  },
  // A rising sun over a horizon.
  lumen: {
    name: 'dc0d6725-33a6-4999-b2ca-6e3ff8169f3f.png',
    svg: logo(
      '#fff4e0',
      '<circle cx="128" cy="150" r="56" fill="#f4a259"/><rect x="30" y="150" width="196" height="76" fill="#fff4e0"/><rect x="40" y="160" width="176" height="12" rx="6" fill="#5b8e7d"/><rect x="70" y="186" width="116" height="12" rx="6" fill="#5b8e7d"/>',
    ),
  },
  // A bridge's arch and deck.
  atlasBridge: {
    name: 'b0befb68-f541-4031-b600-af28be4c2398.png',
    svg: logo(
      '#3a0ca3',
      '<path d="M36 170 Q128 40 220 170" fill="none" stroke="#ffffff" stroke-width="12"/><rect x="30" y="166" width="196" height="16" fill="#4cc9f0"/>' +
        [72, 100, 128, 156, 184]
          .map(
            (x) =>
              `<line x1="${x}" y1="${x === 128 ? 106 : x === 100 || x === 156 ? 114 : 138}" x2="${x}" y2="166" stroke="#ffffff" stroke-width="6"/>`,
          )
          .join(''),
    ),
  },
} as const;

export const seedLogoUrl = (l: { name: string }) => `/static/upload/company/${l.name}`;
