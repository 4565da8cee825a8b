import { STAFF_API_PREFIX, type StaffRole, staffUpdateSettingsCall } from '@meridian/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsScreen } from '../src/features/settings/components/settings-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

const SETTINGS: Record<string, string> = {
  service_link: '',
  service_link_type: '1',
  verify_reg_type: '1',
  trade_fee_type: '1',
  site_title: 'Meridian',
  platform_email: 'help@meridian.example',
  stop_out_level: '50',
  margin_call_level: '100',
  demo_start_balance: '100000',
  withdraw_requires_real_name: '1',
  copy_min_amount: '100',
};

/** GET /settings answers what is stored; POST /settings stores the changed keys and answers them all. */
function stubApi() {
  const stored = { ...SETTINGS };
  const rows = () => Object.entries(stored).map(([key, value]) => ({ key, value }));
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (path !== '/settings') return envelope(null, 'not stubbed', 9999);
    if (init?.method === 'POST') Object.assign(stored, JSON.parse(String(init.body)));
    return envelope(rows(), 'Settings saved');
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const postedBodies = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)));

async function renderAs(role: StaffRole) {
  await renderRoutes([{ path: '/settings', element: <SettingsScreen /> }], '/settings', (queryClient) =>
    queryClient.setQueryData(meKeys.all, { staff: staffMember({ role }), mustEnrolTotp: false }),
  );
  await waitFor(() => expect(screen.getByLabelText('Withdrawals need real-name')).toBeTruthy());
}

/** Saves, then confirms the dialog that says what the change does to traders. */
async function saveAndConfirm(impact: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByText(impact)).toBeTruthy());
  const dialog = screen.getByText(impact).closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('platform settings: withdrawals need real-name', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  beforeEach(() => {
    configureStaffClient({ getToken: () => 'tok', getLanguage: () => 'en' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a switch; off sends only "0", on again sends "1", each after saying what traders meet', async () => {
    const fetch = stubApi();
    await renderAs('owner');
    const toggle = screen.getByRole('switch', { name: 'Withdrawals need real-name' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await saveAndConfirm('From now on, traders can request withdrawals without a real-name verification.');
    await waitFor(() => expect(postedBodies(fetch)).toHaveLength(1));
    expect(postedBodies(fetch)[0]).toEqual({ withdraw_requires_real_name: '0' });
    expect(staffUpdateSettingsCall.body!.parse(postedBodies(fetch)[0])).toEqual({
      withdraw_requires_real_name: '0',
    });
    await waitFor(() => expect(screen.getByText('Settings saved')).toBeTruthy());

    fireEvent.click(screen.getByRole('switch', { name: 'Withdrawals need real-name' }));
    await saveAndConfirm(
      'From now on, traders without an approved real-name verification are refused when they request a withdrawal (requests already waiting are not affected).',
    );
    await waitFor(() => expect(postedBodies(fetch)).toHaveLength(2));
    expect(postedBodies(fetch)[1]).toEqual({ withdraw_requires_real_name: '1' });
  });

  it('copy trading minimum: a USD amount checked by the contract, saved alone without a warning', async () => {
    const fetch = stubApi();
    await renderAs('owner');
    const field = screen.getByLabelText('Copy trading minimum') as HTMLInputElement;
    expect(field.value).toBe('100');
    expect(screen.getByText(/The least a trader may put into a new follow/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('An amount with at most 2 decimals')).toBeTruthy());
    expect(postedBodies(fetch)).toHaveLength(0);
    fireEvent.change(field, { target: { value: '250.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postedBodies(fetch)).toHaveLength(1));
    expect(postedBodies(fetch)[0]).toEqual({ copy_min_amount: '250.50' });
  });

  it('is read-only for compliance', async () => {
    stubApi();
    await renderAs('compliance');
    const toggle = screen.getByRole('switch', { name: 'Withdrawals need real-name' });
    expect(toggle.hasAttribute('disabled') || toggle.className.includes('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
