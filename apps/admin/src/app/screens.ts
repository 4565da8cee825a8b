import {
  type StaffCallContract,
  type StaffRole,
  staffAuditCall,
  staffCompaniesCall,
  staffCopyFeesCall,
  staffCopyRefusalsCall,
  staffDashboardCall,
  staffDepositsCall,
  staffFollowsCall,
  staffInstrumentsCall,
  staffListCall,
  staffNewsListCall,
  staffOutboxCall,
  staffPositionsCall,
  staffProvidersCall,
  staffRealNamesCall,
  staffSettingsCall,
  staffUsersCall,
  staffWalletConfigCall,
  staffWithdrawalsCall,
} from '@meridian/contracts';
import { canUse } from '../lib/access';

/**
 * The back office's screens, each opened by the contract call it cannot work without: a role sees
 * a screen in the menu (and may open its route) when that call's `access` allows it.
 */
export interface Screen {
  key: string;
  /** Route path (hash router). */
  path: string;
  /** Catalog key of its menu label. */
  label: string;
  gate: Pick<StaffCallContract, 'access' | 'path'>;
  /** The menu group it sits in (a submenu), if any. */
  group?: MenuGroupKey;
}

/** Submenus of the side menu: a group is shown where its first visible screen would be. */
export const MENU_GROUPS = { copy: { label: 'nav.copy' } } as const;
export type MenuGroupKey = keyof typeof MENU_GROUPS;

export const SCREENS = [
  { key: 'dashboard', path: '/', label: 'nav.dashboard', gate: staffDashboardCall },
  { key: 'users', path: '/users', label: 'nav.users', gate: staffUsersCall },
  { key: 'positions', path: '/positions', label: 'nav.positions', gate: staffPositionsCall },
  { key: 'deposits', path: '/deposits', label: 'nav.deposits', gate: staffDepositsCall },
  { key: 'withdrawals', path: '/withdrawals', label: 'nav.withdrawals', gate: staffWithdrawalsCall },
  { key: 'realNames', path: '/real-names', label: 'nav.realNames', gate: staffRealNamesCall },
  {
    key: 'copyProviders',
    path: '/copy/providers',
    label: 'nav.copyProviders',
    gate: staffProvidersCall,
    group: 'copy',
  },
  {
    key: 'copyFollows',
    path: '/copy/follows',
    label: 'nav.copyFollows',
    gate: staffFollowsCall,
    group: 'copy',
  },
  {
    key: 'copyRefusals',
    path: '/copy/refusals',
    label: 'nav.copyRefusals',
    gate: staffCopyRefusalsCall,
    group: 'copy',
  },
  { key: 'copyFees', path: '/copy/fees', label: 'nav.copyFees', gate: staffCopyFeesCall, group: 'copy' },
  { key: 'wallet', path: '/wallet', label: 'nav.wallet', gate: staffWalletConfigCall },
  { key: 'instruments', path: '/instruments', label: 'nav.instruments', gate: staffInstrumentsCall },
  { key: 'news', path: '/news', label: 'nav.news', gate: staffNewsListCall },
  { key: 'companies', path: '/companies', label: 'nav.companies', gate: staffCompaniesCall },
  { key: 'settings', path: '/settings', label: 'nav.settings', gate: staffSettingsCall },
  { key: 'outbox', path: '/outbox', label: 'nav.outbox', gate: staffOutboxCall },
  { key: 'audit', path: '/audit', label: 'nav.audit', gate: staffAuditCall },
  { key: 'staff', path: '/staff', label: 'nav.staff', gate: staffListCall },
] as const satisfies readonly Screen[];

export type ScreenKey = (typeof SCREENS)[number]['key'];

export function visibleScreens(role: StaffRole | null | undefined): Screen[] {
  return SCREENS.filter((s) => canUse(role, s.gate));
}

/** One entry of the side menu: a screen, or a group of screens (a submenu). */
export type MenuEntry =
  | { kind: 'screen'; screen: Screen }
  | { kind: 'group'; key: MenuGroupKey; label: string; screens: Screen[] };

/**
 * The side menu of a role: its screens in order, those of a group gathered into one submenu where
 * the group's first screen stands; a group none of whose screens the role may use is left out.
 */
export function menuOf(role: StaffRole | null | undefined): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const screen of visibleScreens(role)) {
    if (!screen.group) {
      out.push({ kind: 'screen', screen });
      continue;
    }
    const key = screen.group;
    const group = out.find((e) => e.kind === 'group' && e.key === key);
    if (group?.kind === 'group') group.screens.push(screen);
    else out.push({ kind: 'group', key, label: MENU_GROUPS[key].label, screens: [screen] });
  }
  return out;
}

export function canOpenScreen(role: StaffRole | null | undefined, key: ScreenKey): boolean {
  const screen = SCREENS.find((s) => s.key === key);
  return screen ? canUse(role, screen.gate) : false;
}

/** The screen a path belongs to (`/users/12` → users), for the menu's selection. */
export function screenOfPath(pathname: string): Screen | undefined {
  if (pathname === '/' || pathname === '') return SCREENS[0];
  return SCREENS.find((s) => s.path !== '/' && (pathname === s.path || pathname.startsWith(`${s.path}/`)));
}

/** The route of a screen (`deposits` → `/deposits`). */
export function pathOfScreen(key: ScreenKey): string {
  return SCREENS.find((s) => s.key === key)?.path ?? '/';
}
