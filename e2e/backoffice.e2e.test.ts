import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentTotp } from '../apps/server/src/modules/staff/totp.ts';
import { launchBrowser, newPhoneContext, screenshot } from './support/browser.ts';
import { label } from './support/catalog.ts';

const baseUrl = inject('baseUrl');
const logUrl = inject('logUrl');
const web = (key: string) => label('en', key);
const adminCatalog = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../packages/i18n/locales/en/admin.json'), 'utf8'),
);
const admin = (key: string): string => {
  const v = key.split('.').reduce<any>((o, k) => o?.[k], adminCatalog);
  if (typeof v !== 'string') throw new Error(`no admin label ${key}`);
  return v;
};
const serverMsg = (key: string): string =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../packages/i18n/locales/en/server.json'), 'utf8'),
  ).error[key];
const EURUSD = 1;

/** The first owner's password, printed once at the first start (as an operator reads it). */
async function ownerPassword(): Promise<string> {
  const log = await (await fetch(logUrl)).text();
  const m = /Back office: first owner created[\s\S]*?password: (\S+)/.exec(log);
  if (!m) throw new Error('the first owner was not announced in the start-up output');
  return m[1]!;
}

/** Waits for the TOTP step to change, so a code is never the one accepted just before. */
async function nextTotp(secret: string, after?: string) {
  let code = currentTotp(secret);
  while (code === after) {
    await new Promise((r) => setTimeout(r, 1000));
    code = currentTotp(secret);
  }
  return code;
}

describe('back office: owner with TOTP, staff, instrument spread, balance and trading freeze (desktop + phone)', () => {
  let browser: Browser;
  let staffCtx: BrowserContext;
  let traderCtx: BrowserContext;
  let staff: Page;
  let trader: Page;
  let secret = '';
  let lastCode = '';
  let traderUid = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    staffCtx = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    await staffCtx.addInitScript(() => localStorage.setItem('meridian.admin.lang', 'en'));
    staff = await staffCtx.newPage();
    traderCtx = await newPhoneContext(browser, baseUrl);
    await traderCtx.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    trader = await traderCtx.newPage();
  });
  afterAll(async () => {
    await staffCtx?.close();
    await traderCtx?.close();
    await browser?.close();
  });

  it('signs the first owner in, enrols a second factor from the QR page and reaches the dashboard', async () => {
    await staff.goto('/admin/');
    await staff.getByLabel(admin('login.email')).fill('owner@meridian.local');
    await staff.getByLabel(admin('login.password')).fill(await ownerPassword());
    await staff.getByRole('button', { name: admin('login.submit') }).click();
    await staff.getByText(admin('totp.title')).first().waitFor();
    await staff.locator('.ant-qrcode canvas, .ant-qrcode svg').first().waitFor();
    secret = (await staff.locator('.ant-typography code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(staff, 'admin-totp-enrol');
    lastCode = currentTotp(secret);
    await staff.getByLabel(admin('totp.code')).fill(lastCode);
    await staff.getByRole('button', { name: admin('totp.confirm') }).click();
    await staff.getByText(admin('dashboard.usersTotal')).waitFor();
    await screenshot(staff, 'admin-dashboard');
  });

  it('signs out and back in with the authenticator code', async () => {
    // A new browser session: the staff token lives in sessionStorage.
    await staff.evaluate(() => sessionStorage.clear());
    await staff.goto('/admin/');
    await staff.reload();
    await staff.getByLabel(admin('login.email')).fill('owner@meridian.local');
    await staff.getByLabel(admin('login.password')).fill(await ownerPassword());
    await staff.getByRole('button', { name: admin('login.submit') }).click();
    await staff.getByLabel(admin('login.totp')).waitFor();
    lastCode = await nextTotp(secret, lastCode);
    await staff.getByLabel(admin('login.totp')).fill(lastCode);
    await staff.getByRole('button', { name: admin('login.submit') }).click();
    await staff.getByText(admin('dashboard.usersTotal')).waitFor();
  });

  it('creates a finance staff account', async () => {
    await staff.getByRole('menuitem', { name: admin('nav.staff') }).click();
    await staff.getByRole('button', { name: admin('staff.create') }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel(admin('staff.email')).fill('finance@meridian.local');
    await dialog.getByLabel(admin('staff.name')).fill('Fiona Finance');
    await dialog.getByLabel(admin('staff.role')).click();
    await staff
      .locator('.ant-select-item-option')
      .filter({ hasText: admin('roles.finance') })
      .click();
    await dialog.getByLabel(admin('staff.initialPassword')).fill('finance-pass-2026');
    await dialog.getByRole('button', { name: admin('staff.create') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => staff.locator('.ant-table-row').filter({ hasText: 'finance@meridian.local' }).count())
      .toBe(1);
    await screenshot(staff, 'admin-staff');
  });

  it('widens EURUSD’s spread and the trader’s quote moves by it', async () => {
    await trader.goto(`/#/trade?id=${EURUSD}`);
    await expect
      .poll(() => trader.getByTestId('bid').innerText(), { timeout: 20_000 })
      .toMatch(/^\d\.\d{5}$/);
    const spreadPoints = async () =>
      Math.round(
        (Number(await trader.getByTestId('ask').innerText()) -
          Number(await trader.getByTestId('bid').innerText())) *
          1e5,
      );
    const before = await spreadPoints();
    expect(before).toBeLessThan(60);

    await staff.getByRole('menuitem', { name: admin('nav.instruments') }).click();
    const row = staff.locator('.ant-table-row').filter({ hasText: 'EURUSD' }).first();
    await row.getByRole('button', { name: admin('common.edit') }).click();
    const drawer = staff.locator('.ant-drawer');
    await drawer.getByLabel(admin('instruments.spreadPoints')).fill('120');
    await drawer.getByRole('button', { name: admin('common.save') }).click();
    await expect.poll(() => row.innerText()).toContain('120');
    await expect.poll(spreadPoints, { timeout: 20_000 }).toBe(120);
    await screenshot(trader, 'trader-eurusd-wide-spread');
  });

  it('adjusts the trader’s balance and the trader’s app shows it', async () => {
    await trader.goto('/#/login');
    await trader.getByText(web('login.demo'), { exact: true }).click();
    await expect.poll(() => new URL(trader.url()).hash).not.toMatch(/^#\/login/);
    await trader.goto('/#/user');
    await expect
      .poll(() => trader.getByTestId('balance').innerText(), { timeout: 20_000 })
      .toBe('100,000.00');
    const uidText = web('user.uid').replace('{{uid}}', '');
    traderUid =
      (new RegExp(`${uidText}(\\d{8})`).exec(await trader.locator('body').innerText()) ?? [])[1] ?? '';
    expect(traderUid).toMatch(/^\d{8}$/);

    await staff.getByRole('menuitem', { name: admin('nav.users') }).click();
    await staff.getByPlaceholder(admin('users.searchPlaceholder')).fill(traderUid);
    await staff.getByRole('button', { name: admin('common.search') }).click();
    await staff.getByRole('link', { name: traderUid }).click();
    await staff.getByRole('button', { name: admin('userDetail.adjustBalance') }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel(admin('userDetail.amount')).fill('1234.56');
    await dialog.getByLabel(admin('userDetail.memo')).fill('Welcome bonus');
    await dialog.getByRole('button', { name: admin('common.save') }).click();
    await expect.poll(() => staff.locator('body').innerText()).toContain('101,234.56');
    await screenshot(staff, 'admin-user-adjusted');

    await trader.reload();
    await expect
      .poll(() => trader.getByTestId('balance').innerText(), { timeout: 20_000 })
      .toBe('101,234.56');
  });

  it('freezes the trader’s trading and the trader’s order is refused with a clear message', async () => {
    await staff.getByRole('button', { name: admin('userDetail.freeze') }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByRole('switch').nth(1).click();
    await dialog.getByLabel(admin('common.reason')).fill('Compliance review');
    await dialog.getByRole('button', { name: admin('common.save') }).click();
    await expect.poll(() => staff.locator('body').innerText()).toContain(admin('users.tradingFrozen'));
    await screenshot(staff, 'admin-user-frozen');

    await trader.goto(`/#/trade?id=${EURUSD}`);
    await expect
      .poll(() => trader.getByTestId('bid').innerText(), { timeout: 20_000 })
      .toMatch(/^\d\.\d{5}$/);
    await trader.getByTestId('order-submit').click();
    const toast = trader.locator('.adm-toast-main').filter({ hasText: serverMsg('order_trading_frozen') });
    await toast.first().waitFor({ state: 'visible', timeout: 10_000 });
    await screenshot(trader, 'trader-trading-frozen');
  });

  it('shows each change in the audit log', async () => {
    await staff.getByRole('menuitem', { name: admin('nav.audit') }).click();
    for (const action of [
      'user.freeze',
      'user.balance_adjusted',
      'instrument.updated',
      'staff.created',
      'staff.totp_enrolled',
    ])
      await expect.poll(() => staff.locator('.ant-table').innerText()).toContain(action);
    await screenshot(staff, 'admin-audit');
  });
});
