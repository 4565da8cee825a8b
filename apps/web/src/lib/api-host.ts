/**
 * API host rule (spec §7, DESIGN §1): the API lives on the page's host with its first sub-domain
 * replaced by `api` (www.x.com → api.x.com). On localhost, an IP address or a host without a
 * sub-domain (x.com) the page's own origin serves the API, so the one-process default just works.
 */
export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** Second-level labels of country-code suffixes (example.co.uk has no sub-domain). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac']);

export function isLocalOrIp(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    IPV4.test(host) ||
    host.includes(':') || // IPv6 (URL hostnames keep the brackets: [::1])
    host.startsWith('[')
  );
}

/** The host the API is served from, for a page host. */
export function apiHostname(hostname: string): string {
  if (isLocalOrIp(hostname)) return hostname;
  const labels = hostname.split('.');
  const last = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const registrable = last.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  if (labels.length <= registrable) return hostname;
  labels[0] = 'api';
  return labels.join('.');
}

const withPort = (host: string, port: string) => (port ? `${host}:${port}` : host);

/** `https://api.x.com` for a page at `https://www.x.com/…`. */
export function apiOrigin(loc: PageLocation): string {
  return `${loc.protocol}//${withPort(apiHostname(loc.hostname), loc.port)}`;
}

/** `wss://api.x.com/v1/ws` (or `ws://` on plain http). */
export function socketUrl(loc: PageLocation, lang?: string): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  // A browser cannot set headers on a WebSocket: the socket's replies learn the language here.
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
  return `${scheme}//${withPort(apiHostname(loc.hostname), loc.port)}/v1/ws${query}`;
}

/** A server asset path (`/uploads/…`) served from the API host; absolute URLs pass through. */
export function assetUrl(url: string, loc: PageLocation = location): string {
  if (!url || /^(https?:|data:|blob:)/i.test(url)) return url;
  return `${apiOrigin(loc)}${url.startsWith('/') ? '' : '/'}${url}`;
}
