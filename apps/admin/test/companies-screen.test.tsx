import {
  COMPANY_STATUS,
  STAFF_API_PREFIX,
  type StaffCompany,
  type StaffRole,
  staffSaveCompanyCall,
} from '@meridian/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompaniesScreen } from '../src/features/companies/components/companies-screen';
import { meKeys } from '../src/lib/me';
import { configureStaffClient } from '../src/lib/staff-client';
import { envelope, renderRoutes, setupTestI18n, staffMember } from './helpers';

const LOGO = '/static/upload/logo/0b7e2a6c-3f51-4c4e-9a55-0d6b7f1c2e3a.png';

const harbour: StaffCompany = {
  id: 3,
  name: 'Harbour Capital',
  logo: '',
  url: 'https://harbour.example',
  subject: 'Harbour Holdings Ltd',
  registeredAddress: '1 Queen’s Road',
  location: '2 Des Voeux Road',
  email: 'desk@harbour.example',
  status: COMPANY_STATUS.ACTIVE,
  lossUrl: '',
  updatedAt: '2025-03-01T10:00:00Z',
};

function stubApi() {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.slice(STAFF_API_PREFIX.length).split('?')[0]!;
    if (init?.method === 'GET' && path === '/companies') return envelope({ rows: [harbour], total: 1 });
    if (init?.method === 'POST' && path === '/companies/logo') return envelope({ url: LOGO });
    if (init?.method === 'POST' && path === '/companies')
      return envelope({ ...harbour, ...JSON.parse(String(init.body)) }, 'Success');
    return envelope(null, 'not stubbed', 9999);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
const saves = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([url, init]) => url === `${STAFF_API_PREFIX}/companies` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)));

async function renderAs(role: StaffRole) {
  const out = await renderRoutes([{ path: '/companies', element: <CompaniesScreen /> }], '/companies', (qc) =>
    qc.setQueryData(meKeys.all, { staff: staffMember({ role }), mustEnrolTotp: false }),
  );
  await waitFor(() => expect(screen.getByText('Harbour Capital')).toBeTruthy());
  return out;
}
const dialog = () => within(screen.getByRole('dialog'));

describe('companies', () => {
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

  it('lists companies with their website opening safely in a new tab; search goes to the server', async () => {
    const fetch = stubApi();
    await renderAs('content');
    const site = screen.getByRole('link', { name: 'https://harbour.example' });
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('In service')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Company name'), { target: { value: 'harb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => url === `${STAFF_API_PREFIX}/companies?q=harb&page=1&pageSize=20`),
      ).toBe(true),
    );
  });

  it('a suspended company needs a loss URL; then the edit is sent with its id', async () => {
    const fetch = stubApi();
    await renderAs('content');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(dialog().getByLabelText('Loss URL')).toBeTruthy());
    fireEvent.click(dialog().getByLabelText('Suspended'));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog().getByText('A suspended company needs a loss URL')).toBeTruthy());
    expect(saves(fetch)).toHaveLength(0);

    fireEvent.change(dialog().getByLabelText('Loss URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dialog().getByText('An http(s) address, e.g. https://example.com')).toBeTruthy(),
    );
    expect(saves(fetch)).toHaveLength(0);

    fireEvent.change(dialog().getByLabelText('Loss URL'), {
      target: { value: ' https://harbour.example/closed ' },
    });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(fetch)).toHaveLength(1));
    const sent = saves(fetch)[0];
    expect(sent).toMatchObject({
      id: 3,
      status: COMPANY_STATUS.SUSPENDED,
      lossUrl: 'https://harbour.example/closed',
    });
    expect(staffSaveCompanyCall.body!.safeParse(sent).success).toBe(true);
    await waitFor(() => expect(screen.getByText('Harbour Capital saved')).toBeTruthy());
  });

  it('in service, the loss URL may stay empty; a new company sends its uploaded logo', async () => {
    const fetch = stubApi();
    await renderAs('content');
    fireEvent.click(screen.getByRole('button', { name: /New company/ }));
    await waitFor(() => expect(dialog().getByLabelText('Name')).toBeTruthy());
    fireEvent.change(dialog().getByLabelText('Name'), { target: { value: 'Kowloon Markets' } });
    fireEvent.change(dialog().getByLabelText('Website'), { target: { value: 'https://kowloon.example' } });
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    const input = screen.getByRole('dialog').querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    await waitFor(() => expect(dialog().getByRole('button', { name: /Replace image/ })).toBeTruthy());
    const upload = fetch.mock.calls.find(([url]) => url === `${STAFF_API_PREFIX}/companies/logo`)!;
    expect(upload[1]!.body).toBeInstanceOf(FormData);
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(fetch)).toHaveLength(1));
    expect(saves(fetch)[0]).toEqual({
      name: 'Kowloon Markets',
      logo: LOGO,
      url: 'https://kowloon.example',
      subject: '',
      registeredAddress: '',
      location: '',
      email: '',
      status: COMPANY_STATUS.ACTIVE,
      lossUrl: '',
    });
    await waitFor(() => expect(screen.getByText('Kowloon Markets added')).toBeTruthy());
  });
});
