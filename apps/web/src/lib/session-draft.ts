import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../stores/session';

/**
 * A form's typed values kept for this browser tab (sessionStorage), per signed-in user, so leaving
 * for another screen and coming back (the withdraw form → bind a method → back) finds them as they
 * were. The caller settles it once the form is sent; never shared between users on one device.
 */
export function useSessionDraft<T extends object>(name: string, initial: T) {
  const userId = useSession((s) => s.user?.id ?? 0);
  const key = `meridian.draft.${name}.${userId}`;
  const [draft, setDraft] = useState<T>(() => read(key, initial));
  // Another user signed in (or out) in this tab: their own draft, not the previous one's.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft(read(key, initial));
  }
  useEffect(() => write(key, draft), [key, draft]);
  const update = useCallback((patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch })), []);
  /**
   * Applies `patch` to the stored draft at once, not through a render: a form sent and left before
   * its answer came (unmounted) must not come back filled in with what was already sent.
   */
  const settle = useCallback(
    (patch: Partial<T>) => {
      const next = { ...read(key, initial), ...patch };
      write(key, next);
      setDraft(next);
    },
    [key, initial],
  );
  return [draft, update, settle] as const;
}

function write(key: string, value: object) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the form still works, it only forgets on leaving
  }
}

function read<T extends object>(key: string, initial: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return initial;
    const stored = JSON.parse(raw) as unknown;
    if (!stored || typeof stored !== 'object') return initial;
    // Only the fields the form has, each of the type it expects (a stale or edited entry is ignored).
    const out = { ...initial };
    for (const k of Object.keys(initial) as Array<keyof T>) {
      const v = (stored as Record<keyof T, unknown>)[k];
      if (v !== undefined && typeof v === typeof initial[k]) out[k] = v as T[keyof T];
    }
    return out;
  } catch {
    return initial;
  }
}
