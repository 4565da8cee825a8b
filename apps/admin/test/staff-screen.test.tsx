import { STAFF_API_PREFIX } from '@meridian/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffScreen } from '../src/features/staff/components/staff-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

const me = staffMember({ email: 'alex@meridian.example' });
const other = staffMember({ id: 2, email: 'bo@meridian.example', name: 'Bo' });

describe('StaffScreen', () => {
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

  it('refuses to disable your own account, saying why; another owner’s asks to confirm', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? envelope(other, 'Saved') : envelope([me, other]),
    );
    vi.stubGlobal('fetch', fetch);
    await renderRoutes([{ path: '/', element: <StaffScreen /> }], '/', (queryClient) =>
      queryClient.setQueryData(meKeys.all, { staff: me, mustEnrolTotp: false }),
    );
    await waitFor(() => expect(screen.getByText('bo@meridian.example')).toBeTruthy());
    const row = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;

    fireEvent.click(within(row('alex@meridian.example')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.getAllByText('This is your own account').length).toBeGreaterThan(0));
    expect(screen.getByText(/You cannot disable the account you are signed in with/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(row('bo@meridian.example')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.getByText('Disable Bo? Their sessions end at once.')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1),
    );
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe(`${STAFF_API_PREFIX}/staff/2`);
    expect(JSON.parse(String(init!.body))).toEqual({ disabled: true });
  });
});
