import { useCallback, useState } from 'react';

const KEY = 'meridian.hide_balance';

/** The personal centre's eye toggle, remembered in localStorage. */
export function useHideBalance(): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => localStorage.getItem(KEY) === '1');
  const toggle = useCallback(() => {
    setHidden((h) => {
      const next = !h;
      localStorage.setItem(KEY, next ? '1' : '0');
      return next;
    });
  }, []);
  return [hidden, toggle];
}
