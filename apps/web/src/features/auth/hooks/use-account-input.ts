import type { AreaCode } from '@meridian/contracts';
import { useState } from 'react';
import { useAreaList } from '../api/get-area-list';
import type { AccountMode } from '../validation';

/** E-mail/mobile tabs, the account text and the chosen calling code (the first offered by default). */
export function useAccountInput(initialMode: AccountMode = 'email') {
  const [mode, setModeState] = useState<AccountMode>(initialMode);
  const [account, setAccount] = useState('');
  const [areaId, setAreaId] = useState<number | null>(null);
  const areaList = useAreaList(mode === 'mobile');
  const areas = areaList.data ?? [];
  const area: AreaCode | undefined = areas.find((a) => a.id === areaId) ?? areas[0];

  const setMode = (next: AccountMode) => {
    setModeState(next);
    setAccount('');
  };

  /** The account as sent: trimmed; a mobile number keeps its digits only. */
  const value = mode === 'mobile' ? account.replace(/\D/g, '') : account.trim();

  return {
    mode,
    setMode,
    account,
    setAccount,
    areas,
    area,
    setArea: (a: AreaCode) => setAreaId(a.id),
    value,
    /** The account as the calls take it: mode, the text as sent and the calling code (mobile). */
    fields: { mode, account: value, areaId: area?.id },
  };
}

export type AccountInput = ReturnType<typeof useAccountInput>;
