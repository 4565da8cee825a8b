/** Platform settings (spec §3 base settings, DESIGN §10) and their first-start defaults. */
export const SETTING_DEFAULTS = {
  site_title: 'Meridian',
  service_link: '',
  service_link_type: '1',
  verify_reg_type: '1',
  trade_fee_type: '2',
  platform_email: 'support@meridian.example',
  stop_out_level: '50',
  margin_call_level: '100',
  demo_start_balance: '100000.00',
  // DESIGN §8: on by default, a withdrawal needs an approved real-name verification.
  withdraw_requires_real_name: '1',
  // DESIGN §9: the least a follow may start with, USD.
  copy_min_amount: '500',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
