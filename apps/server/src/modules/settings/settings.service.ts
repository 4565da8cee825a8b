import { type AreaCode, type BasicInfo, serviceLinkOf } from '@meridian/contracts';
import type { Db } from '../../db/client.ts';
import { SETTING_DEFAULTS, type SettingKey } from '../../db/setting-defaults.ts';
import { AppError } from '../../lib/app-error.ts';
import { getSetting, listAreaCodes, listPublicSettings } from './settings.repository.ts';

export async function readSetting(db: Db, key: SettingKey): Promise<string> {
  return (await getSetting(db, key)) ?? SETTING_DEFAULTS[key];
}

/**
 * Public settings as clients get them. A customer-service link that is not http(s) (saved before
 * the back office checked it) is served as none: clients frame or follow it.
 */
async function servedPublicSettings(db: Db) {
  return (await listPublicSettings(db)).map((s) =>
    s.key === 'service_link' ? { ...s, value: serviceLinkOf(s.value) } : s,
  );
}

export async function getBasicInfo(db: Db): Promise<BasicInfo> {
  const all = new Map((await servedPublicSettings(db)).map((s) => [s.key, s.value]));
  const read = (k: SettingKey) => all.get(k) ?? SETTING_DEFAULTS[k];
  const int = (k: SettingKey) => Number.parseInt(read(k), 10);
  return {
    service_link: read('service_link'),
    service_link_type: int('service_link_type'),
    verify_reg_type: int('verify_reg_type'),
    trade_fee_type: int('trade_fee_type'),
    title: read('site_title'),
    email: read('platform_email'),
  };
}

export async function getPublicSettings(db: Db, key?: string) {
  const all = await servedPublicSettings(db);
  if (!key) return all;
  const one = all.filter((s) => s.key === key);
  if (one.length === 0) throw new AppError('SETTING_NOT_FOUND');
  return one;
}

export async function getAreaList(db: Db): Promise<AreaCode[]> {
  return (await listAreaCodes(db)).map((a) => ({
    id: a.id,
    code: a.code,
    global_code: a.globalCode,
    name: a.name,
  }));
}
