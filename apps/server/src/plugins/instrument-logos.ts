import type { FastifyInstance } from 'fastify';

const PALETTE = ['#2f6fed', '#0f9d76', '#d9822b', '#8e44ad', '#c0392b', '#16a085', '#b7950b', '#34495e'];

function hue(code: string) {
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/**
 * Instrument badges drawn here rather than fetched from an image host (none is reachable, and a
 * broker replaces them by uploading logos in the back office). Only [A-Z0-9] ever reaches the SVG.
 */
export function instrumentLogoSvg(code: string): string {
  const label = code.slice(0, 3);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${hue(code)}"/>` +
    `<text x="32" y="38" font-family="Arial,Helvetica,sans-serif" font-size="${label.length > 2 ? 18 : 22}" ` +
    `font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`
  );
}

export function registerInstrumentLogos(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/static/logo/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const m = /^([A-Z0-9]{1,16})\.svg$/.exec(req.params.file);
      if (!m) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(instrumentLogoSvg(m[1]!));
    },
  );
}
