import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhoneContext, screenshot } from './support/browser.ts';
import { label } from './support/catalog.ts';

const baseUrl = inject('baseUrl');
const logUrl = inject('logUrl');

/** The server's log so far (the runner serves it; the default outbox logs verification codes). */
const serverLog = async () => (await fetch(logUrl)).text();

async function inviteCodeOfInstall(): Promise<string> {
  const match = /Registration invite code: (\w+)/.exec(await serverLog());
  if (!match) throw new Error('no invite code in the start-up log');
  return match[1]!;
}

/** The code of the LAST outbox line for this target (and purpose), polled until it appears. */
async function outboxCode(target: string, purpose: number, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const lines = (await serverLog())
      .split('\n')
      .filter((l) => l.includes('verification code (outbox)'))
      .map((l) => JSON.parse(l) as { target: string; purpose: number; code: string; time: number })
      .filter((l) => l.target === target && l.purpose === purpose && l.time >= after);
    const last = lines.at(-1);
    if (last) return last.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification code for ${target} in the outbox`);
}

const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
  body: new URLSearchParams(body).toString(),
});

/** Registers an e-mail account through the API (code read from the outbox); returns when it was sent. */
async function registerByApi(email: string, password: string): Promise<number> {
  const sentAt = Date.now() - 1000;
  const sent = await (await fetch(`${baseUrl}/api/notify/send_email`, form({ to: email, type: '1' }))).json();
  expect(sent.code).toBe(1);
  const code = await outboxCode(email, 1, sentAt);
  const invite = await inviteCodeOfInstall();
  const body = {
    type: '1',
    account: email,
    password,
    re_password: password,
    invite_code: invite,
    sms_code: code,
  };
  const res = await (await fetch(`${baseUrl}/api/user/register`, form(body))).json();
  expect(res.code, res.msg).toBe(1);
  return sentAt;
}

const hash = (page: Page) => new URL(page.url()).hash;
const en = (key: string) => label('en', key);

/** Waits for a toast with this text, then for it to go (so the next one is not confused with it). */
async function expectToast(page: Page, text: string) {
  const toast = page.locator('.adm-toast-main').filter({ hasText: text });
  await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
  await toast.first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Fills the antd-mobile input bound to a visible label. */
async function fill(page: Page, labelKey: string, value: string, lang = 'en') {
  await page.getByLabel(label(lang, labelKey), { exact: true }).fill(value);
}

describe('accounts: register, invite, passwords, sessions (phone)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(lang = 'en'): Promise<Page> {
    const context = await newPhoneContext(browser, baseUrl);
    await context.addCookies([{ name: 'lang', value: lang, url: baseUrl }]);
    contexts.push(context);
    return context.newPage();
  }

  const forgotEmail = `e2e-forgot-${Date.now()}@example.com`;
  let forgotReady = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    forgotReady = (await registerByApi(forgotEmail, 'Passw0rd-first')) + 62_000;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('checks the spec §5 messages before calling', async () => {
    const page = await newPage();
    await page.goto('/#/login');
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expectToast(page, en('login.enterEmail'));
    await page.getByRole('tab', { name: en('login.tabMobile') }).click();
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expectToast(page, en('login.enterPhone'));
    await fill(page, 'login.mobile', '91234567');
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expectToast(page, en('login.enterPassword'));
    // The mobile tab offers calling codes; the excluded countries are not among them.
    await page.getByTestId('area-button').click();
    const sheet = page.getByRole('dialog', { name: en('form.chooseArea') });
    await sheet.getByPlaceholder(en('form.searchArea')).fill('+44');
    await sheet.getByRole('button', { name: /United Kingdom/ }).click();
    await expect.poll(() => page.getByTestId('area-button').innerText()).toContain('+44');
    // By keyboard: the sheet takes focus, Escape closes it and focus is back on its button.
    await page.getByTestId('area-button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('area-button');

    await page.goto('/#/register');
    await page.getByRole('button', { name: en('register.submit'), exact: true }).click();
    await expectToast(page, en('form.complete'));
    await fill(page, 'login.email', 'someone@example.com');
    await fill(page, 'form.code', '123456');
    await fill(page, 'login.password', 'Passw0rd1');
    await fill(page, 'register.repeat', 'Passw0rd2');
    await fill(page, 'register.invite', 'ABCDEFGH');
    await page.getByRole('button', { name: en('register.submit'), exact: true }).click();
    await expectToast(page, en('form.passwordInconsistency'));

    await page.goto('/#/forgot');
    // A hash change keeps the document: wait for the new screen before typing, or the register
    // form's e-mail field (same label) may take the text.
    await page.getByTestId('forgot-form').waitFor();
    await fill(page, 'login.email', 'someone@example.com');
    await page.getByRole('button', { name: en('forgot.submit'), exact: true }).click();
    await expectToast(page, en('form.inputFull'));
    await fill(page, 'forgot.newPassword', 'Passw0rd1');
    await fill(page, 'register.repeat', 'Passw0rd2');
    await page.getByRole('button', { name: en('forgot.submit'), exact: true }).click();
    await expectToast(page, en('form.passwordsNotEqual'));
  });

  it('registers with the e-mailed code, shows the invitation QR, changes the password and logs out', async () => {
    const page = await newPage();
    const invite = await inviteCodeOfInstall();
    const email = `e2e-${Date.now()}@example.com`;
    const oldPassword = 'Passw0rd-old';
    const newPassword = 'Passw0rd-new';

    await page.goto(`/#/register?invite_code=${invite}`);
    await expect
      .poll(() => page.getByLabel(en('register.invite'), { exact: true }).inputValue())
      .toBe(invite);
    await fill(page, 'login.email', email);
    const sentAt = Date.now() - 1000;
    await page.getByTestId('send-code').click();
    await expectToast(page, 'Verification code sent');
    // The send button counts down from 60 s (spec §4) and is disabled meanwhile.
    await expect.poll(() => page.getByTestId('send-code').innerText()).toMatch(/\b(60|5\d)s\b/);
    expect(await page.getByTestId('send-code').isDisabled()).toBe(true);
    const code = await outboxCode(email, 1, sentAt);
    await fill(page, 'form.code', code);
    await fill(page, 'login.password', oldPassword);
    await fill(page, 'register.repeat', oldPassword);
    await screenshot(page, 'register-en');
    await page.getByRole('button', { name: en('register.submit'), exact: true }).click();

    // Logged in, in the personal centre.
    await expect.poll(() => hash(page)).toBe('#/user');
    await expect.poll(() => page.locator('#account-label').innerText()).toBe(email);
    await expect.poll(() => page.getByTestId('balance').innerText()).toMatch(/0\.00/);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/UID \d{8}/);
    expect(await page.getByTestId('menu-resetDemo').count()).toBe(0);
    await screenshot(page, 'user-real');

    // The invitation page: code, QR (160 px, level H) decoding to the link, the link, copy.
    await page.getByTestId('menu-invite').click();
    await expect.poll(() => hash(page)).toBe('#/mine/invite');
    const inviteCode = (await page.getByTestId('invite-code').innerText()).trim();
    expect(inviteCode).toMatch(/^\w{6,}$/);
    const info = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('meridian.session') ?? '{}');
      const res = await fetch('/api/user/info', { headers: { authorization: session.state.token } });
      return (await res.json()).data as { invite_code: string };
    });
    expect(inviteCode).toBe(info.invite_code);
    const expected = `${baseUrl}/#/register?invite_code=${inviteCode}`;
    expect(await page.getByTestId('invite-link').innerText()).toBe(expected);
    const qr = page.getByTestId('invite-qr');
    const box = (await qr.boundingBox())!;
    expect(Math.round(box.width)).toBe(160);
    const pixels = await qr.evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d')!;
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      return { data: Array.from(img.data), width: img.width, height: img.height };
    });
    // A white quiet zone around the symbol, as the page's padding gives it on screen.
    const pad = 16;
    const w = pixels.width + pad * 2;
    const h = pixels.height + pad * 2;
    const framed = new Uint8ClampedArray(w * h * 4).fill(255);
    for (let y = 0; y < pixels.height; y++) {
      for (let x = 0; x < pixels.width; x++) {
        const from = (y * pixels.width + x) * 4;
        const to = ((y + pad) * w + x + pad) * 4;
        for (let c = 0; c < 4; c++) framed[to + c] = pixels.data[from + c]!;
      }
    }
    const decoded = jsQR(framed, w, h);
    expect(decoded?.data).toBe(expected);
    await page.getByTestId('copy-invite-link').click();
    await expectToast(page, en('common.copied'));
    await screenshot(page, 'invite');

    // A second device logged in with the old password.
    const other = await newPage();
    await other.goto('/#/login');
    await fill(other, 'login.email', email);
    await fill(other, 'login.password', oldPassword);
    await other.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expect.poll(() => hash(other)).toBe('#/user');

    // Every toast the other device shows from now on (it is in the background: its toast may come
    // and go before a screenshot could catch it).
    await other.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
      new MutationObserver(() => {
        for (const t of document.querySelectorAll('.adm-toast-main, [data-plain-toast]'))
          if (t.textContent && !seen.includes(t.textContent)) seen.push(t.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    // Change the password: this session stays, the other one is revoked.
    await page.goto('/#/user');
    await page.getByTestId('menu-password').click();
    await expect.poll(() => hash(page)).toBe('#/mine/password');
    await fill(page, 'password.old', oldPassword);
    await fill(page, 'password.new', newPassword);
    await fill(page, 'password.repeat', `${newPassword}x`);
    await page.getByRole('button', { name: en('password.submit'), exact: true }).click();
    await expectToast(page, en('form.passwordsNotEqual'));
    await fill(page, 'password.repeat', newPassword);
    await screenshot(page, 'password');
    await page.getByRole('button', { name: en('password.submit'), exact: true }).click();
    await expectToast(page, 'Password changed');
    await expect.poll(() => hash(page)).toBe('#/user');
    await page.reload();
    await expect.poll(() => page.locator('#account-label').innerText()).toBe(email);
    expect(hash(page)).toBe('#/user');

    // The other device, open on /user, hears it on its socket at once: the reason is shown, its user
    // is cleared and it lands on /login, which will bring it back to /user.
    await expect
      .poll(() => hash(other), { timeout: 10_000 })
      .toBe(`#/login?from=${encodeURIComponent('/user')}`);
    await expect
      .poll(() => other.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen))
      .toContain('Please log in again');
    await screenshot(other, 'session-ended-elsewhere');
    expect(
      await other.evaluate(() => JSON.parse(localStorage.getItem('meridian.session')!).state.token),
    ).toBe(null);

    // Logout from other settings: confirmation, server call, local reset, home, 'Successful exit'.
    await page.getByTestId('menu-system').click();
    await expect.poll(() => hash(page)).toBe('#/mine/system');
    await screenshot(page, 'system');
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('meridian.session')!).state.token,
    );
    await page.getByTestId('system-logout').click();
    await page.getByRole('button', { name: en('common.confirm') }).click();
    await expect.poll(() => hash(page)).toBe('#/');
    await expectToast(page, en('user.logoutDone'));
    // The token was revoked on the server, not only forgotten here.
    const revoked = await (
      await fetch(`${baseUrl}/api/user/info`, { headers: { authorization: token } })
    ).json();
    expect(revoked.code).toBe(999);

    // The old password is refused; the new one works.
    await page.goto('/#/login');
    await fill(page, 'login.email', email);
    await fill(page, 'login.password', oldPassword);
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expectToast(page, 'Incorrect account or password');
    expect(hash(page)).toContain('#/login');
    await fill(page, 'login.password', newPassword);
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expect.poll(() => hash(page)).toBe('#/user');
  });

  it('tells a demo user that five entries need a real account, and offers the demo reset', async () => {
    const page = await newPage();
    await page.goto('/#/login');
    await page.getByText(en('login.demo'), { exact: true }).click();
    await expect.poll(() => hash(page)).toBe('#/user');
    expect(await page.getByTestId('menu-resetDemo').isEnabled()).toBe(true);
    for (const entry of ['menu-auth', 'menu-invite', 'menu-password', 'deposit', 'withdraw']) {
      await page.getByTestId(entry).click();
      await expectToast(page, en('common.realAccountRequired'));
      expect(hash(page), entry).toBe('#/user');
    }
    // Opened directly, the invitation page says the same.
    await page.goto('/#/mine/invite');
    await expect
      .poll(() => page.getByTestId('account-gate').innerText())
      .toContain(en('common.realAccountRequired'));
    await screenshot(page, 'invite-demo');
  });

  it('shows the e-mail, the announcement and the customer-service state', async () => {
    const page = await newPage();
    await page.goto('/#/mine/email');
    await expect.poll(() => page.getByTestId('platform-email').innerText()).toMatch(/@/);
    await page.goto('/#/mine/announcement');
    const text = await page.getByTestId('announcement').innerText();
    for (const c of ['kp', 'il', 'cn', 'vu', 'cu']) expect(text).toContain(en(`announcement.countries.${c}`));
    expect(await page.getByTestId('demo-note').count()).toBe(0); // the site title is not DEMO
    await screenshot(page, 'announcement');
    await page.goto('/#/mine/chat');
    await expect.poll(() => page.getByTestId('chat-not-configured').count()).toBe(1);
  });

  it('resets a forgotten password with a type-2 code from the outbox, then back to /login', async () => {
    // One code per target per 60 s: the account's registration code must be a minute old.
    await new Promise((r) => setTimeout(r, Math.max(0, forgotReady - Date.now())));
    const page = await newPage();
    await page.goto('/#/forgot');
    await fill(page, 'login.email', forgotEmail);
    const resetAt = Date.now() - 1000;
    await page.getByTestId('send-code').click();
    const resetCode = await outboxCode(forgotEmail, 2, resetAt);
    await fill(page, 'form.code', resetCode);
    await fill(page, 'forgot.newPassword', 'Passw0rd-reset');
    await fill(page, 'register.repeat', 'Passw0rd-reset');
    await screenshot(page, 'forgot');
    await page.getByRole('button', { name: en('forgot.submit'), exact: true }).click();
    await expectToast(page, en('forgot.done'));
    expect(hash(page)).toBe('#/login');
    await fill(page, 'login.email', forgotEmail);
    await fill(page, 'login.password', 'Passw0rd-first');
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expectToast(page, 'Incorrect account or password');
    await fill(page, 'login.password', 'Passw0rd-reset');
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await expect.poll(() => hash(page)).toBe('#/user');
  }, 150_000);

  it('lays the register form out right to left in Arabic', async () => {
    const page = await newPage('ar');
    await page.goto('/#/register?invite_code=ABC123');
    await page.getByTestId('register-form').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const form = page.getByTestId('register-form');
    expect(await form.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(label('ar', 'screens.register'));
    // In RTL the send button sits at the left end of the code row, the input to its right.
    const send = (await page.getByTestId('send-code').boundingBox())!;
    const codeInput = (await page.getByLabel(label('ar', 'form.code'), { exact: true }).boundingBox())!;
    expect(send.x).toBeLessThan(codeInput.x);
    await screenshot(page, 'register-ar-rtl');
  });
});
