import { queryUid } from '@meridian/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's filters and page kept in the URL (`#/users?q=ab&page=2`): a reload or a shared link
 * shows the same list. Values equal to their default are left out of the URL.
 */
export function useUrlState<T extends Record<string, string>>(defaults: T): [T, (patch: Partial<T>) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the search params; defaults are constant
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const k of Object.keys(defaults) as Array<keyof T>) {
      const v = search.get(k as string);
      if (v !== null) out[k] = v as T[keyof T];
    }
    return out;
  }, [key]);
  const patch = useCallback(
    (next: Partial<T>) => {
      setSearch(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v === undefined || v === '' || v === defaults[k]) out.delete(k);
            else out.set(k, v);
          }
          return out;
        },
        { replace: true },
      );
    },
    [setSearch, defaults],
  );
  return [values, patch];
}

/** A positive integer from URL text, or the fallback. */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A user's public number (uid) from URL text, or undefined: the staff list filters' user field. */
export function uidOf(value: string | undefined): string | undefined {
  const parsed = queryUid().safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Page and page size of a list screen (the contracts cap the size at 200). */
export function pagingOf(values: { page?: string; pageSize?: string }): { page: number; pageSize: number } {
  return { page: positiveInt(values.page, 1), pageSize: Math.min(200, positiveInt(values.pageSize, 20)) };
}
