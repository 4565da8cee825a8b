import type { staffUpdateSettingsCall } from '@meridian/contracts';
import type { SettingKey } from '../../../db/setting-defaults.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { StaffContext } from '../../staff/register-staff-call.ts';
import { upsertSetting } from '../backoffice.repository.ts';
import type { BackofficeDeps } from '../backoffice-deps.ts';
import { listSettings } from './list-settings.ts';

/** Saves changed platform settings (the stop-out level below the margin call) and reloads them. */
export async function updateSettings(
  deps: Pick<BackofficeDeps, 'db' | 'settings'>,
  input: Pick<StaffContext<typeof staffUpdateSettingsCall>, 'body' | 'audit'>,
) {
  const { body, audit } = input;
  const changes = Object.entries(body).filter(([, v]) => v !== undefined) as Array<[SettingKey, string]>;
  const merged = new Map(listSettings(deps).map((s) => [s.key as string, s.value]));
  for (const [k, v] of changes) merged.set(k, v);
  const stopOut = Number(merged.get('stop_out_level'));
  const marginCall = Number(merged.get('margin_call_level'));
  if (!(stopOut > 0 && marginCall > stopOut)) throw new AppError('STAFF_SETTINGS_INVALID');
  const before = Object.fromEntries(changes.map(([k]) => [k, deps.settings.get(k)]));
  for (const [k, v] of changes) await upsertSetting(deps.db, k, v);
  await deps.settings.reload();
  audit({
    action: 'settings.updated',
    targetType: 'settings',
    targetId: 'platform',
    before,
    after: Object.fromEntries(changes),
  });
  return listSettings(deps);
}
