import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhoneContext, screenshot } from './support/browser.ts';
import { label } from './support/catalog.ts';

const baseUrl = inject('baseUrl');

describe('routing, languages and the demo session (phone)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    context = await newPhoneContext(browser, baseUrl);
    page = await context.newPage();
  });

  it('sends a logged-out visitor of /order and /user to /login with from, and unknown paths home', async () => {
    await page.goto('/#/order?type=3');
    await expect
      .poll(() => new URL(page.url()).hash)
      .toBe(`#/login?from=${encodeURIComponent('/order?type=3')}`);
    await page.goto('/#/user');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/login?from=${encodeURIComponent('/user')}`);
    await page.goto('/#/no/such/screen');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/');
  });

  it('starts in hk, switches language through the cookie, and lays Arabic out right to left', async () => {
    await page.goto('/');
    await page.getByTestId('quote-row').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-HK');
    await expect.poll(() => page.getByRole('navigation').innerText()).toContain(label('hk', 'tabs.quotes'));

    await page.goto('/#/language');
    await page.getByText('English', { exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading').first().innerText())
      .toBe(label('en', 'language.title'));
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    // By keyboard, arrows do not switch the app at each step (the list was a radio group).
    const english = page.getByRole('button', { name: 'English', exact: true });
    expect(await english.getAttribute('aria-current')).toBe('true');
    await english.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.goto('/');
    await page.reload();
    await expect.poll(() => page.getByRole('navigation').innerText()).toContain(label('en', 'tabs.quotes'));
    await expect.poll(() => page.getByRole('button', { name: 'Forex', exact: true }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('dir')).not.toBe('rtl');

    await page.goto('/#/language');
    await page.getByText('العربية', { exact: true }).click();
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.goto('/');
    await page.getByTestId('quote-row').first().waitFor();
    await expect.poll(() => page.getByRole('navigation').innerText()).toContain(label('ar', 'tabs.quotes'));
    const direction = await page
      .getByTestId('quote-row')
      .first()
      .evaluate((el) => getComputedStyle(el).direction);
    expect(direction).toBe('rtl');
    // In RTL the logo sits at the right edge and the price at the left.
    // Both boxes in one read inside the page: live prices re-render the price cell, so two separate
    // reads could see it detached in between (boundingBox() null).
    const side = () =>
      page
        .getByTestId('quote-row')
        .first()
        .evaluate((el) => {
          const price = el.querySelector('[data-testid="quote-price"]');
          if (!price) return 'no price';
          const r = el.getBoundingClientRect();
          const p = price.getBoundingClientRect();
          return p.x + p.width / 2 < r.x + r.width / 2 ? 'left' : 'right';
        });
    await expect.poll(side).toBe('left');
    await screenshot(page, 'home-ar-rtl');

    // A figure is laid out left to right, yet in RTL it sits under its label, on the page's side:
    // the bid's digits end where "Bid" ends (they once started at the column's left edge).
    await page.goto('/#/trade?id=29');
    await expect.poll(() => page.getByTestId('bid').innerText()).toMatch(/\d/);
    const bidEnds = () =>
      page.getByTestId('bid').evaluate((el) => {
        const textRight = (node: Element) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getBoundingClientRect().right;
        };
        const label = el.previousElementSibling;
        return label ? Math.round(textRight(label) - textRight(el)) : 'no label';
      });
    await expect.poll(bidEnds).toBe(0);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('ar');
  });

  it('shows every tab label whole on a phone, in each of the 21 languages', async () => {
    const languages = readdirSync(path.resolve(import.meta.dirname, '../packages/i18n/locales'));
    expect(languages).toHaveLength(21);
    const clipped: string[] = [];
    for (const lang of languages) {
      await context.addCookies([{ name: 'lang', value: lang, url: baseUrl }]);
      await page.goto('/');
      await expect.poll(() => page.getByRole('navigation').innerText()).toContain(label(lang, 'tabs.quotes'));
      const cut = await page.getByTestId('tab-label').evaluateAll((spans) =>
        spans
          // The text's own boxes against the label's (fractional, unlike scrollHeight): text beside
          // it is cut off (an ellipsis, a word wider than the tab), a line starting below it is
          // hidden (a third line). Glyph boxes are taller than the tight lines: only a top counts.
          .filter((s) => {
            const box = s.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(s);
            return [...range.getClientRects()].some(
              (r) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top > box.bottom - 1,
            );
          })
          .map((s) => s.textContent),
      );
      clipped.push(...cut.map((text) => `${lang}: ${text}`));
      if (lang === 'et' || lang === 'ru') await screenshot(page, `tabs-${lang}`);
    }
    expect(clipped).toEqual([]);
  });

  it('logs in with a demo account and shows the personal centre with the balance and its hide toggle', async () => {
    await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    await page.goto('/#/user');
    await expect.poll(() => new URL(page.url()).hash).toContain('#/login');
    await screenshot(page, 'login');
    await page.getByText(label('en', 'login.demo'), { exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/user');
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.innerText()).toMatch(/100,000\.00/);
    await expect
      .poll(() => page.getByText(label('en', 'user.demoAccount'), { exact: true }).count())
      .toBeGreaterThan(0);
    expect(await page.locator('body').innerText()).toMatch(/\d{8}/); // uid
    await screenshot(page, 'user-demo');

    await page.getByRole('button', { name: new RegExp(label('en', 'user.hideBalance'), 'i') }).click();
    await expect.poll(() => balance.innerText()).not.toMatch(/100,000/);
    await page.reload();
    await expect.poll(() => page.getByTestId('balance').innerText()).not.toMatch(/100,000/); // remembered
    await page.getByRole('button', { name: new RegExp(label('en', 'user.showBalance'), 'i') }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toMatch(/100,000\.00/);

    // A demo user is told that real-name verification needs a real account.
    await page.getByTestId('menu-auth').click();
    await expect
      .poll(() => page.getByText(label('en', 'common.realAccountRequired')).count())
      .toBeGreaterThan(0);
    expect(new URL(page.url()).hash).toBe('#/user');

    // The same device resumes the same demo account.
    const uid = (await page.locator('body').innerText()).match(/\b\d{8}\b/)?.[0];
    await page.evaluate(() => localStorage.removeItem('meridian.session'));
    await page.goto('/#/login');
    await page.getByText(label('en', 'login.demo'), { exact: true }).click();
    await page.goto('/#/user');
    await expect.poll(() => page.locator('body').innerText()).toContain(uid!);

    // Spec §2: every navigation starts at the top: a link typed or followed by its hash (a history
    // entry without state), and a back navigation too.
    await page.goto('/#/trade');
    await page.getByTestId('candle-chart').waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.evaluate(() => {
      location.hash = '#/user';
    });
    await expect.poll(() => new URL(page.url()).hash).toBe('#/user');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByTestId('candle-chart').waitFor();
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.goForward();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
