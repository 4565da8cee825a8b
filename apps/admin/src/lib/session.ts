/**
 * The staff token lives in sessionStorage: it ends with the browser tab, and each tab signs in on
 * its own (a shared back-office computer keeps no session once the tab is closed).
 */
const TOKEN_KEY = 'meridian.admin.token';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string | null): void {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(TOKEN_KEY, token);
  else s.removeItem(TOKEN_KEY);
}
