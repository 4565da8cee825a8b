import { ALL_STAFF_CALLS, STAFF_ROLES, type StaffRole } from '@meridian/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminLayout } from '../src/app/admin-layout';
import { ScreenGate } from '../src/app/require-session';
import { menuOf, SCREENS, visibleScreens } from '../src/app/screens';
import { canUse } from '../src/lib/access';
import { meKeys } from '../src/lib/me';
import { renderRoutes, setupTestI18n, staffMember } from './helpers';

const member = (role: StaffRole) => staffMember({ role });

const keysOf = (role: StaffRole) => visibleScreens(role).map((s) => s.key);
const COPY = ['copyProviders', 'copyFollows', 'copyRefusals', 'copyFees'];

describe('menu by role (the contracts’ access lists)', () => {
  it('every screen is gated by a call of ALL_STAFF_CALLS', () => {
    for (const s of SCREENS) expect(ALL_STAFF_CALLS).toContain(s.gate);
  });

  it('owner sees everything', () => {
    expect(keysOf('owner')).toEqual(SCREENS.map((s) => s.key));
  });

  it.each([
    ['finance', ['dashboard', 'users', 'positions', 'deposits', 'withdrawals', ...COPY, 'wallet']],
    ['compliance', ['dashboard', 'users', 'positions', 'realNames', ...COPY, 'settings', 'audit']],
    ['support', ['dashboard', 'users', 'outbox']],
    ['dealer', ['dashboard', 'users', 'positions', ...COPY, 'instruments']],
    ['content', ['dashboard', 'instruments', 'news', 'companies']],
  ] as Array<[StaffRole, string[]]>)('%s sees %j', (role, keys) => {
    expect(keysOf(role)).toEqual(keys);
  });

  it('the copy-trading screens form one menu group, where its first screen stands', () => {
    const entries = menuOf('compliance');
    const group = entries.find((e) => e.kind === 'group');
    expect(group).toMatchObject({ kind: 'group', key: 'copy', label: 'nav.copy' });
    expect(group?.kind === 'group' && group.screens.map((s) => s.key)).toEqual(COPY);
    expect(entries.map((e) => (e.kind === 'group' ? e.key : e.screen.key))).toEqual([
      'dashboard',
      'users',
      'positions',
      'realNames',
      'copy',
      'settings',
      'audit',
    ]);
    // A role that may use none of its screens has no group at all.
    expect(menuOf('support').some((e) => e.kind === 'group')).toBe(false);
    expect(menuOf('content').some((e) => e.kind === 'group')).toBe(false);
  });

  it('canUse: session calls for everyone, listed roles otherwise, nothing without a role', () => {
    for (const role of STAFF_ROLES) expect(canUse(role, { access: 'session' })).toBe(true);
    expect(canUse('support', { access: ['dealer'] })).toBe(false);
    expect(canUse('owner', { access: ['dealer'] })).toBe(true);
    expect(canUse(null, { access: ['dealer'] })).toBe(false);
  });
});

describe('AdminLayout', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  afterEach(() => cleanup());

  /** The guard (RequireSession) has loaded the member before the layout renders: seed it. */
  async function renderLayoutAs(role: StaffRole, path = '/') {
    sessionStorage.setItem('meridian.admin.token', 'tok');
    return renderRoutes(
      [
        {
          path: '/',
          element: <AdminLayout />,
          children: [
            { index: true, element: <p>home</p> },
            { path: 'staff', element: <ScreenGate screen="staff" /> },
            {
              path: 'copy/providers',
              element: <ScreenGate screen="copyProviders" />,
              children: [{ index: true, element: <p>providers screen</p> }],
            },
          ],
        },
      ],
      path,
      (queryClient) => queryClient.setQueryData(meKeys.all, { staff: member(role), mustEnrolTotp: false }),
    );
  }

  it('shows only the role’s screens, and the name and role in the header', async () => {
    await renderLayoutAs('support');
    const menu = screen.getByRole('menu');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(['Dashboard', 'Users', 'Outbox']);
    expect(screen.getByText('Alex')).toBeTruthy();
    expect(screen.getByText('Support')).toBeTruthy();
  });

  it('finance gets Deposits, Withdrawals and Wallet settings; support does not', async () => {
    const labelsOf = () =>
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    await renderLayoutAs('finance');
    expect(labelsOf()).toEqual([
      'Dashboard',
      'Users',
      'Positions',
      'Deposits',
      'Withdrawals',
      'Copy trading',
      'Wallet settings',
    ]);
    cleanup();

    await renderLayoutAs('support');
    const labels = labelsOf();
    for (const label of ['Deposits', 'Withdrawals', 'Wallet settings']) expect(labels).not.toContain(label);
  });

  it('support opening /deposits by its URL gets 403', async () => {
    sessionStorage.setItem('meridian.admin.token', 'tok');
    await renderRoutes(
      [
        {
          path: '/',
          element: <AdminLayout />,
          children: [{ path: 'deposits', element: <ScreenGate screen="deposits" /> }],
        },
      ],
      '/deposits',
      (queryClient) =>
        queryClient.setQueryData(meKeys.all, { staff: member('support'), mustEnrolTotp: false }),
    );
    expect(screen.getByText('No access')).toBeTruthy();
  });

  it('a screen the role may not use shows 403 even when opened by its URL', async () => {
    await renderLayoutAs('content', '/staff');
    expect(screen.getByText('No access')).toBeTruthy();
  });

  it('owner gets the staff screen in the menu', async () => {
    await renderLayoutAs('owner');
    const labels = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toContain('Staff');
    expect(labels).toContain('Copy trading');
    // Every screen, those of a group behind its one entry.
    expect(labels).toHaveLength(menuOf('owner').length);
    expect(menuOf('owner').flatMap((e) => (e.kind === 'group' ? e.screens : [e.screen]))).toHaveLength(
      SCREENS.length,
    );
  });

  it('compliance gets Copy trading with its four screens; support does not, and gets 403 by URL', async () => {
    await renderLayoutAs('compliance');
    const group = screen.getByRole('menuitem', { name: /Copy trading/ });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Providers' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Providers' }).getAttribute('href')).toBe('/copy/providers');
    expect(screen.getByRole('link', { name: 'Follows' }).getAttribute('href')).toBe('/copy/follows');
    expect(screen.getByRole('link', { name: 'Refused copies' }).getAttribute('href')).toBe('/copy/refusals');
    expect(screen.getByRole('link', { name: 'Fees paid' }).getAttribute('href')).toBe('/copy/fees');
    cleanup();

    await renderLayoutAs('support');
    expect(screen.queryByRole('menuitem', { name: /Copy trading/ })).toBeNull();
    expect(screen.queryByText('Providers')).toBeNull();
    cleanup();

    await renderLayoutAs('support', '/copy/providers');
    expect(screen.getByText('No access')).toBeTruthy();
    expect(screen.queryByText('providers screen')).toBeNull();
  });

  it('a copy-trading screen opened by its URL shows with its group open and its entry selected', async () => {
    await renderLayoutAs('dealer', '/copy/providers');
    expect(screen.getByText('providers screen')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Copy trading/ }).getAttribute('aria-expanded')).toBe('true');
    const entry = screen.getByRole('link', { name: 'Providers' }).closest('li');
    expect(entry?.className).toContain('ant-menu-item-selected');
  });
});
