/** The `from` query of /login, accepted only as an in-app path (never another origin). */
export function safeFrom(from: string | null, fallback = '/user'): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return fallback;
  return from;
}
