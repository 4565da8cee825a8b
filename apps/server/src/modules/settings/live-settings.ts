import type { Db } from '../../db/client.ts';
import { SETTING_DEFAULTS, type SettingKey } from '../../db/setting-defaults.ts';
import { listAllSettings } from './settings.repository.ts';

const REFRESH_MS = 2000;

/**
 * Settings the engine reads on its hot path (fee type, stop-out and margin-call levels), held in
 * memory so a decision never waits on the database. Reloaded every two seconds and at once after a
 * change made through `reload()` (the back office calls it after saving).
 */
export class LiveSettings {
  private values = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  async reload() {
    this.values = new Map((await listAllSettings(this.db)).map((s) => [s.key, s.value]));
  }

  get(key: SettingKey): string {
    return this.values.get(key) ?? SETTING_DEFAULTS[key];
  }

  start() {
    this.timer = setInterval(() => void this.reload().catch(() => undefined), REFRESH_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }
}
