import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentTotp } from '../apps/server/src/modules/staff/totp.ts';
import { registerAccount, verifyRealNameByApi } from './support/api-clients.ts';
import { launchBrowser, newContext, newPhoneContext, screenshot } from './support/browser.ts';
import { label } from './support/catalog.ts';

const baseUrl = inject('baseUrl');
const logUrl = inject('logUrl');
const web = (key: string) => label('en', key);
const adminCatalog = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../packages/i18n/locales/en/admin.json'), 'utf8'),
);
const admin = (key: string, values: Record<string, string> = {}): string => {
  const v = key.split('.').reduce<any>((o, k) => o?.[k], adminCatalog);
  if (typeof v !== 'string') throw new Error(`no admin label ${key}`);
  return v.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
};
const serverMsg = (key: string): string =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../packages/i18n/locales/en/server.json'), 'utf8'),
  ).error[key];
const EURUSD = 1;
const serverOk = (key: string): string =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../packages/i18n/locales/en/server.json'), 'utf8'),
  ).ok[key];
const serverLog = async () => (await fetch(logUrl)).text();

/** Registers a real account through the public API (code read from the outbox log), as a client would. */
const registerReal = (email: string, password: string, inviteCode?: string) =>
  registerAccount(baseUrl, serverLog, email, password, inviteCode);

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
    staffCtx = await newContext(browser, { baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
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
    // The ledger reconciliation runs as the dashboard opens; no trader has signed up yet: the
    // accounts are the three seeded signal providers' (issue 30).
    await expect
      .poll(() => staff.getByTestId('reconciliation').innerText())
      .toContain(admin('dashboard.reconciled_other', { count: '3' }));
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
    // The form shows what 120 points are in price at EURUSD's 5 decimals.
    await expect.poll(() => drawer.getByTestId('spread-price').innerText()).toContain('0.00120');
    await screenshot(staff, 'admin-instrument-spread-price');
    await drawer.getByRole('button', { name: admin('common.save') }).click();
    // Ten times wider: staff are asked first, told what it reaches (the trader's open positions and
    // pending orders are valued and filled at the wider price from the next quote).
    const confirm = staff.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(
      admin('instruments.spreadConfirmTitle').replace('{{code}}', 'EURUSD'),
    );
    expect(await confirm.innerText()).toMatch(/0\.00012 to 0\.00120 in price \(10× wider\)/);
    await screenshot(staff, 'admin-instrument-spread-confirm');
    await confirm.getByRole('button', { name: admin('common.save') }).click();
    await expect.poll(() => row.innerText()).toContain('120');
    await expect.poll(spreadPoints, { timeout: 20_000 }).toBe(120);
    await screenshot(trader, 'trader-eurusd-wide-spread');
  });

  it('asks before a fee-type change (every instrument’s rate is read anew) and changes nothing when cancelled', async () => {
    await staff.getByRole('menuitem', { name: admin('nav.settings') }).click();
    const perLot = staff.getByRole('radio', { name: admin('settings.choices.trade_fee_type.1') });
    const share = staff.getByRole('radio', { name: admin('settings.choices.trade_fee_type.2') });
    await share.waitFor();
    const wasShare = await share.isChecked();
    await (wasShare ? perLot : share).check();
    await staff
      .locator('form')
      .getByRole('button', { name: admin('common.save') })
      .click();
    const confirm = staff.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.getByTestId('settings-consequences').innerText()).toBe(
      admin('settings.feeTypeImpact'),
    );
    await screenshot(staff, 'admin-settings-fee-type-confirm');
    await confirm.getByRole('button', { name: admin('common.cancel') }).click();
    await confirm.waitFor({ state: 'detached' });
    await staff
      .locator('form')
      .getByRole('button', { name: admin('common.reset') })
      .click();
    expect(await share.isChecked()).toBe(wasShare);
  });

  it('adjusts the trader’s balance and the trader’s app shows it', async () => {
    // A real account: demo money takes no transfer, a staff one included (DESIGN §6).
    await registerReal('adjust-e2e@example.com', 'Passw0rd1');
    await trader.goto('/#/login');
    await trader.getByLabel(web('login.email'), { exact: true }).fill('adjust-e2e@example.com');
    await trader.getByLabel(web('login.password'), { exact: true }).fill('Passw0rd1');
    await trader.getByRole('button', { name: web('login.submit'), exact: true }).click();
    await expect.poll(() => new URL(trader.url()).hash).not.toMatch(/^#\/login/);
    await trader.goto('/#/user');
    await expect.poll(() => trader.getByTestId('balance').innerText(), { timeout: 20_000 }).toBe('0.00');
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
    await staff
      .locator('.ant-message')
      .filter({ hasText: admin('userDetail.credited', { amount: '1,234.56', balance: '1,234.56' }) })
      .first()
      .waitFor();
    await expect.poll(() => staff.locator('body').innerText()).toContain('1,234.56');
    await screenshot(staff, 'admin-user-adjusted');

    await trader.reload();
    await expect.poll(() => trader.getByTestId('balance').innerText(), { timeout: 20_000 }).toBe('1,234.56');
  });

  it('shows the invitation tree: whom the trader invited, and the chain above the invitee', async () => {
    // Still on the trader's page: their own invite code, as the trader would pass it on.
    const inviteCode = (
      await staff
        .locator('.ant-descriptions-item', { hasText: admin('users.inviteCode') })
        .locator('.ant-descriptions-item-content')
        .innerText()
    ).trim();
    expect(inviteCode).toMatch(/^\w{4,}$/);
    await registerReal('invitee-e2e@example.com', 'Passw0rd1', inviteCode);
    await staff.reload();
    await staff.getByRole('tab', { name: admin('userDetail.tabs.referrals') }).click();
    await expect
      .poll(() => staff.getByTestId('downline-levels').innerText())
      .toBe(admin('userDetail.level', { level: '1', count: '1' }));
    const row = staff.getByRole('row', { name: /invitee-e2e@example\.com/ });
    await row.waitFor();
    await screenshot(staff, 'admin-user-referrals');
    await row.getByRole('link').first().click();
    await expect.poll(() => staff.locator('body').innerText()).toContain('invitee-e2e@example.com');
    await staff.getByRole('tab', { name: admin('userDetail.tabs.referrals') }).click();
    // The chain above the invitee: the trader, then the invitee.
    await staff.locator('.ant-breadcrumb').getByRole('link', { name: traderUid }).waitFor();
    await expect.poll(() => staff.locator('body').innerText()).toContain(admin('userDetail.noDownline'));
    await screenshot(staff, 'admin-invitee-referrals');
    await staff.locator('.ant-breadcrumb').getByRole('link', { name: traderUid }).click();
    await staff.getByRole('button', { name: admin('userDetail.adjustBalance') }).waitFor();
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

  it('deposits with a proof, staff approve it, and the trader’s balance and history show it', async () => {
    await registerReal('wallet-e2e@example.com', 'Passw0rd1');
    await trader.goto('/#/user');
    await trader.evaluate(() => localStorage.clear());
    await trader.goto('/#/login');
    await trader.getByLabel(web('login.email'), { exact: true }).fill('wallet-e2e@example.com');
    await trader.getByLabel(web('login.password'), { exact: true }).fill('Passw0rd1');
    await trader.getByRole('button', { name: web('login.submit'), exact: true }).click();
    await expect.poll(() => new URL(trader.url()).hash).not.toMatch(/^#\/login/);

    await trader.goto('/#/mine/charge');
    await trader.getByTestId('charge-address').waitFor({ timeout: 20_000 });
    await trader.getByTestId('charge-amount').fill('1500');
    const proof = path.resolve(import.meta.dirname, '../artifacts/e2e/admin-dashboard.png');
    await trader.getByTestId('proof-upload').locator('input[type=file]').setInputFiles(proof);
    await expect
      .poll(() => trader.getByTestId('proof-upload').locator('img').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await trader.getByTestId('charge-submit').click();
    await trader
      .locator('.adm-toast-main')
      .filter({ hasText: serverOk('deposit_submitted') })
      .first()
      .waitFor();
    await expect.poll(() => trader.getByTestId('deposit-row').count()).toBe(1);
    await screenshot(trader, 'trader-deposit-submitted');

    await staff.getByRole('menuitem', { name: admin('nav.deposits') }).click();
    const row = staff.locator('.ant-table-row').filter({ hasText: '1,500.00' }).first();
    await row.getByRole('button').first().click();
    const drawer = staff.locator('.ant-drawer');
    await expect.poll(() => drawer.locator('img').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(staff, 'admin-deposit-review');
    await drawer.getByRole('button', { name: /Approve/i }).click();
    const reason = staff.locator('.ant-modal').last();
    await reason.getByLabel(admin('common.clientNote')).fill('Funds received');
    await reason.getByRole('button', { name: /Approve/i }).click();
    await reason.waitFor({ state: 'hidden' });
    await staff
      .locator('.ant-message')
      .filter({ hasText: /Deposit \d+ approved: 1,500\.00 USD credited to \d{8}/ })
      .first()
      .waitFor();

    await trader.goto('/#/mine/history');
    await trader.reload();
    await expect
      .poll(() => trader.getByTestId('balance-available').innerText(), { timeout: 20_000 })
      .toContain('1,500.00');
    await expect.poll(() => trader.getByTestId('history-row').first().innerText()).toContain('1,500.00');
    await screenshot(trader, 'trader-history-deposit');
  });

  it('binds an address, withdraws (frozen shown), staff reject and the amount is refunded', async () => {
    // Withdrawals need an approved real name (on by default; its own browser test is content.e2e).
    const traderToken = await trader.evaluate(
      () => JSON.parse(localStorage.getItem('meridian.session') ?? '{}').state?.token as string,
    );
    const staffToken = await staff.evaluate(() => sessionStorage.getItem('meridian.admin.token') ?? '');
    await verifyRealNameByApi(baseUrl, traderToken, staffToken);
    await trader.goto('/#/mine/withdraw-way?type=1');
    await trader.getByTestId('bind-form').waitFor({ timeout: 20_000 });
    await trader.getByTestId('way-dc-address').fill('TWalletE2EAddress000000000000001');
    await trader.getByTestId('way-submit').click();
    await trader
      .locator('.adm-toast-main')
      .filter({ hasText: serverOk('method_bound') })
      .first()
      .waitFor();

    await trader.goto('/#/mine/withdraw?type=0');
    await trader.getByTestId('withdraw-amount').waitFor({ timeout: 20_000 });
    await trader.getByTestId('withdraw-amount').fill('400');
    await expect.poll(() => trader.getByTestId('withdraw-fee').innerText()).toContain('1.00');
    await expect.poll(() => trader.getByTestId('withdraw-receive').innerText()).toContain('399.00');
    await screenshot(trader, 'trader-withdraw-preview');
    await trader.getByTestId('withdraw-submit').click();
    await trader
      .locator('.adm-toast-main')
      .filter({ hasText: serverOk('withdrawal_submitted') })
      .first()
      .waitFor();
    await trader.goto('/#/mine/history');
    await expect
      .poll(() => trader.getByTestId('balance-frozen').innerText(), { timeout: 20_000 })
      .toContain('400.00');
    await expect.poll(() => trader.getByTestId('balance-available').innerText()).toContain('1,100.00');
    await screenshot(trader, 'trader-withdraw-frozen');

    await staff.getByRole('menuitem', { name: admin('nav.withdrawals') }).click();
    // Staff find the trader's request by the UID the table shows (pasted with its label).
    const uid = (
      await staff
        .locator('.ant-table-row')
        .filter({ hasText: '400.00' })
        .first()
        .locator('a')
        .first()
        .innerText()
    ).trim();
    expect(uid).toMatch(/^\d{8}$/);
    await staff.getByLabel(admin('users.uid')).fill(`UID ${uid}`);
    await staff.getByRole('button', { name: admin('common.search') }).click();
    await expect.poll(() => new URL(staff.url()).hash).toContain(`uid=${uid}`);
    await expect
      .poll(() => staff.locator('.ant-table-row').allInnerTexts())
      .toEqual([expect.stringContaining(uid)]);
    await screenshot(staff, 'admin-withdrawals-by-uid');
    const row = staff.locator('.ant-table-row').filter({ hasText: '400.00' }).first();
    await row.getByRole('button').first().click();
    const drawer = staff.locator('.ant-drawer');
    await drawer.getByRole('button', { name: /Reject/i }).click();
    const reason = staff.locator('.ant-modal').last();
    await reason.getByLabel(admin('common.clientNote')).fill('Address not verified');
    await reason.getByRole('button', { name: /Reject/i }).click();
    await reason.waitFor({ state: 'hidden' });
    await staff
      .locator('.ant-message')
      .filter({ hasText: `rejected: 400.00 USD returned to the balance of ${uid}` })
      .first()
      .waitFor();

    await trader.reload();
    await expect
      .poll(() => trader.getByTestId('balance-frozen').innerText(), { timeout: 20_000 })
      .toContain('0.00');
    await expect.poll(() => trader.getByTestId('balance-available').innerText()).toContain('1,500.00');
    await screenshot(trader, 'trader-withdraw-refunded');
    // The trader reads why it was rejected, under the withdrawal in the records.
    await trader.goto('/#/mine/withdraw?type=0');
    await expect
      .poll(() => trader.getByTestId('withdrawal-remark').first().innerText(), { timeout: 20_000 })
      .toBe('Address not verified');
    await trader.getByTestId('withdrawal-remark').first().scrollIntoViewIfNeeded();
    await screenshot(trader, 'trader-withdraw-rejected-reason');

    // After a deposit, an adjustment, a freeze and a refund the books still agree.
    await staff.getByRole('menuitem', { name: admin('nav.dashboard') }).click();
    await staff.getByTestId('reconciliation').getByRole('button').click();
    await expect
      .poll(() => staff.getByTestId('reconciliation').innerText())
      .toMatch(
        new RegExp(
          // One account or several: the English plural forms (i18next _one / _other).
          ['dashboard.reconciled_one', 'dashboard.reconciled_other']
            .map((key) => admin(key).replace('{{count}}', '[1-9][0-9]*').replace(/[()]/g, '\\$&'))
            .join('|'),
        ),
      );
    await screenshot(staff, 'admin-dashboard-reconciled');
  });

  it('deletes a bound address by swiping it, after a confirmation', async () => {
    await trader.goto('/#/mine/coin-address-list');
    const item = trader.getByTestId('method-row').first();
    await item.waitFor({ timeout: 20_000 });
    const box = (await item.boundingBox())!;
    await trader.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    await trader.mouse.down();
    await trader.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 12 });
    await trader.mouse.up();
    await trader.locator('.adm-swipe-action-actions-right').getByText(web('wallet.delete')).click();
    await screenshot(trader, 'trader-delete-confirm');
    await trader
      .locator('.adm-dialog-button')
      .filter({ hasText: web('wallet.delete') })
      .last()
      .click();
    await trader
      .locator('.adm-toast-main')
      .filter({ hasText: serverOk('method_deleted') })
      .first()
      .waitFor();
    await expect.poll(() => trader.getByTestId('method-row').count()).toBe(0);
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
    // Each action is named in words next to its code; the filter offers them by name.
    expect(await staff.locator('.ant-table').innerText()).toContain(
      admin('audit.actions.user.balance_adjusted'),
    );
    await staff.getByLabel(admin('audit.action')).click();
    await staff.keyboard.type(admin('audit.actions.user.freeze').slice(0, 12));
    await staff.keyboard.press('Enter');
    await staff.getByRole('button', { name: admin('common.search') }).click();
    await expect.poll(() => new URL(staff.url()).hash).toContain('action=user.freeze');
    await expect
      .poll(async () => {
        const rows = await staff.locator('.ant-table-row').allInnerTexts();
        return rows.length > 0 && rows.every((r) => r.includes('user.freeze'));
      })
      .toBe(true);
    await screenshot(staff, 'admin-audit');
  });
});
