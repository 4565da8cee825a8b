/**
 * What the audit log records (DECISIONS "Audit log"): every action a changing staff call writes,
 * and the kinds of thing it acts on. One list for the server (its entries are typed by it) and the
 * back office (labels in both languages, the log's filters).
 */
export const WALLET_CONFIG_KINDS = ['coin_option', 'bank_channel', 'bank_account', 'draw_currency'] as const;
export type WalletConfigKind = (typeof WALLET_CONFIG_KINDS)[number];

export const STAFF_AUDIT_ACTIONS = [
  'user.balance_adjusted',
  'user.balance_adjust_repeated',
  'user.credit_score',
  'user.freeze',
  'order.admin_close',
  'deposit.approve',
  'deposit.reject',
  'deposit.void',
  'withdrawal.pay',
  'withdrawal.reject',
  'instrument.created',
  'instrument.updated',
  'instrument.logo',
  'category.updated',
  'settings.updated',
  'staff.created',
  'staff.updated',
  'staff.password_changed',
  'staff.totp_enrolled',
  'real_name.approve',
  'real_name.reject',
  'news.created',
  'news.updated',
  'news.published',
  'news.unpublished',
  'company.created',
  'company.updated',
  'provider.approve',
  'provider.reject',
  'provider.suspend',
  'provider.remove',
  'provider.reinstate',
  ...WALLET_CONFIG_KINDS.flatMap((kind) => [`wallet.${kind}.created`, `wallet.${kind}.updated`] as const),
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

export const STAFF_AUDIT_TARGETS = [
  'user',
  'order',
  'deposit',
  'withdrawal',
  'instrument',
  'category',
  'settings',
  'staff',
  'real_name',
  'news',
  'company',
  'provider',
  ...WALLET_CONFIG_KINDS,
] as const;
export type StaffAuditTarget = (typeof STAFF_AUDIT_TARGETS)[number];
