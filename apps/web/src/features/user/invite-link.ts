/**
 * The invitation link of spec §2: `{origin}/#/register?invite_code={code}`, where origin is the
 * page's own address (origin and path, without a trailing index.html), so it works wherever the
 * app is served.
 */
export function inviteLink(code: string, where: Pick<Location, 'origin' | 'pathname'> = location): string {
  const path = where.pathname.replace(/index\.html$/, '').replace(/\/+$/, '');
  return `${where.origin}${path}/#/register?invite_code=${encodeURIComponent(code)}`;
}
