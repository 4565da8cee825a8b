import type { BasicInfo } from '@meridian/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from '../src/app/antd-setup';
import { AnnouncementScreen } from '../src/features/user/components/announcement-screen';
import { ChatScreen } from '../src/features/user/components/chat-screen';
import { EmailScreen } from '../src/features/user/components/email-screen';
import { useCustomerService } from '../src/features/user/hooks/use-customer-service';
import { basicInfoKeys } from '../src/lib/basic-info';
import { queryClient } from '../src/lib/query-client';
import { setBeforeRequest } from '../src/lib/request';
import { setupTestI18n } from './i18n-helper';
import { renderRouter } from './render-router';

const basic = (over: Partial<BasicInfo>): BasicInfo => ({
  service_link: '',
  service_link_type: 1,
  verify_reg_type: 1,
  trade_fee_type: 2,
  title: 'Meridian',
  email: 'support@meridian.example',
  ...over,
});

async function renderWith(settings: BasicInfo, element: ReactNode) {
  queryClient.setQueryData(basicInfoKeys.all, settings);
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/mine/chat', element: <p>chat screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  await renderRouter(router);
  return router;
}

function ServiceButton() {
  const open = useCustomerService();
  return (
    <button type="button" onClick={open}>
      service
    </button>
  );
}

describe('personal-centre pages driven by the base settings', () => {
  beforeAll(async () => {
    await setupTestI18n();
    setupAntdMobile(); // the dialog of the service entry is imperative
  });
  beforeEach(() => {
    setBeforeRequest(() => false);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    setBeforeRequest(null);
    queryClient.clear();
    vi.restoreAllMocks();
  });

  it('announcement: the excluded countries, and the red bold (DEMO test) only on the DEMO site', async () => {
    await renderWith(basic({ title: 'Meridian' }), <AnnouncementScreen />);
    const text = screen.getByTestId('announcement').textContent ?? '';
    for (const country of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba'])
      expect(text).toContain(country);
    expect(screen.queryByTestId('demo-note')).toBeNull();
    cleanup();
    await renderWith(basic({ title: 'DEMO' }), <AnnouncementScreen />);
    const note = screen.getByTestId('demo-note');
    expect(note.textContent).toBe('(DEMO test)');
    expect(note.tagName).toBe('STRONG');
  });

  it('complaint e-mail: the platform address from the server', async () => {
    await renderWith(basic({ email: 'help@example.org' }), <EmailScreen />);
    expect(screen.getByTestId('platform-email').textContent).toBe('help@example.org');
  });

  it('chat: embeds service_link full-screen, or says it is not configured', async () => {
    await renderWith(basic({ service_link: 'https://chat.example.org/room' }), <ChatScreen />);
    expect(screen.getByTestId('chat-frame').getAttribute('src')).toBe('https://chat.example.org/room');
    cleanup();
    await renderWith(basic({ service_link: '' }), <ChatScreen />);
    expect(screen.getByTestId('chat-not-configured').textContent).toContain(
      'Customer service is not configured yet',
    );
    // A link that is not a web address is never framed (it would run in the trader's session).
    cleanup();
    await renderWith(basic({ service_link: 'javascript:alert(document.cookie)' }), <ChatScreen />);
    expect(screen.queryByTestId('chat-frame')).toBeNull();
    expect(screen.getByTestId('chat-not-configured')).toBeTruthy();
  });

  it('customer service type 2: the link in a dialog with a copy button', async () => {
    await renderWith(
      basic({ service_link: 'https://chat.example.org/x', service_link_type: 2 }),
      <ServiceButton />,
    );
    await act(async () => {
      fireEvent.click(screen.getByText('service'));
    });
    expect((await screen.findByTestId('service-link')).textContent).toBe('https://chat.example.org/x');
    expect(screen.getByText('Copy')).toBeTruthy();
    // Copy puts the link on the clipboard.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await act(async () => {
      fireEvent.click(screen.getByText('Copy'));
    });
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('https://chat.example.org/x'));
    // Escape closes it, as Cancel does (keyboard users had no way out but the buttons).
    await vi.waitFor(() => expect(screen.queryByTestId('service-link')).toBeNull(), { timeout: 5000 });
    await act(async () => {
      fireEvent.click(screen.getByText('service'));
    });
    await screen.findByTestId('service-link');
    fireEvent.keyDown(document, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByTestId('service-link')).toBeNull(), { timeout: 5000 });
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('customer service: any other type opens /mine/chat', async () => {
    const router = await renderWith(
      basic({ service_link: 'https://x.example', service_link_type: 1 }),
      <ServiceButton />,
    );
    await act(async () => {
      fireEvent.click(screen.getByText('service'));
    });
    expect(router.state.location.pathname).toBe('/mine/chat');
  });

  it('customer service type 3 with a link that is not a web address opens /mine/chat instead of following it', async () => {
    const router = await renderWith(
      basic({ service_link: 'javascript:alert(1)', service_link_type: 3 }),
      <ServiceButton />,
    );
    const before = window.location.href;
    await act(async () => {
      fireEvent.click(screen.getByText('service'));
    });
    expect(window.location.href).toBe(before);
    expect(router.state.location.pathname).toBe('/mine/chat');
  });
});
