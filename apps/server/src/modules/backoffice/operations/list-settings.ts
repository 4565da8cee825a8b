import { STAFF_SETTING_KEYS } from '@meridian/contracts';
import type { SettingKey } from '../../../db/setting-defaults.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';

/** The platform settings staff may see and change, with their current values. */
export const listSettings = (deps: Pick<BackofficeDeps, 'settings'>) =>
  STAFF_SETTING_KEYS.map((key) => ({ key, value: deps.settings.get(key as SettingKey) }));
