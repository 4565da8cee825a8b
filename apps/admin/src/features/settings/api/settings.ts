import {
  STAFF_SETTING_KEYS,
  type StaffCallBody,
  type StaffCallData,
  staffSettingsCall,
  staffUpdateSettingsCall,
} from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { callStaff, sendStaff } from '../../../lib/staff-client';

/** GET /settings and POST /settings (only the keys that changed). */
export type SettingKey = (typeof STAFF_SETTING_KEYS)[number];
export type SettingValues = Record<SettingKey, string>;
export type SettingChanges = StaffCallBody<typeof staffUpdateSettingsCall>;
export const settingKeys = { all: ['settings'] as const };

export function toValues(rows: StaffCallData<typeof staffSettingsCall>): SettingValues {
  const out = Object.fromEntries(STAFF_SETTING_KEYS.map((k) => [k, ''])) as SettingValues;
  for (const row of rows) out[row.key] = row.value;
  return out;
}

/** The keys whose (trimmed) value differs from what the server holds. */
export function changedSettings(current: SettingValues, next: SettingValues): SettingChanges {
  const out: Record<string, string> = {};
  for (const key of STAFF_SETTING_KEYS) {
    const value = (next[key] ?? '').trim();
    if (value !== current[key]) out[key] = value;
  }
  return out as SettingChanges;
}

export function useSettings() {
  return useQuery({
    queryKey: settingKeys.all,
    queryFn: async ({ signal }) => toValues(await callStaff(staffSettingsCall, { signal })),
  });
}

export const saveSettings = (body: SettingChanges) => sendStaff(staffUpdateSettingsCall, { body });
