import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhoneContext, screenshot } from './support/browser.ts';

const baseUrl = inject('baseUrl');

describe('home quotes (phone)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    context = await newPhoneContext(browser, baseUrl);
    await context.addCookies([{ name: 'lang', value: 'en', url: baseUrl }]);
    page = await context.newPage();
  });

  it('shows a 10-row skeleton while the list loads, then every instrument', async () => {
    // Hold the list back until the loading state has been seen (a fixed delay lost the race when
    // the app's code took longer to arrive than the delay on a busy machine).
    let release = () => {};
    const seen = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/v1/api/forex/trade_list**', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto('/');
    const skeleton = page.getByTestId('quote-skeleton');
    try {
      await skeleton.waitFor();
      expect(await skeleton.locator(':scope > *').count()).toBe(10);
      await screenshot(page, 'home-skeleton');
    } finally {
      release();
    }
    await page.getByTestId('quote-row').first().waitFor();
    expect(await skeleton.count()).toBe(0);
    // The first 12 rows paint first, the rest in a transition right after (home-screen.tsx): a
    // count taken at the first row could see 12 on a busy machine.
    await expect.poll(() => page.getByTestId('quote-row').count()).toBeGreaterThanOrEqual(38);
  });

  it('moves prices live from DAY_MARKET without reloading', async () => {
    await page.goto('/');
    const prices = page.getByTestId('quote-price');
    await prices.first().waitFor();
    const before = await prices.allInnerTexts();
    await expect
      .poll(async () => (await prices.allInnerTexts()).filter((p, i) => p !== before[i]).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const rows = page.getByTestId('quote-row');
    const firstRow = await rows.first().innerText();
    expect(firstRow).toMatch(/EUR\/USD/);
    expect(firstRow).toMatch(/[+-]\d+\.\d{2}%/);
    await screenshot(page, 'home-live');
  });

  it('filters by category chip and shows everything again when the active chip is tapped', async () => {
    await page.goto('/');
    // Rows beyond the first screen render after it: wait for the whole list before counting.
    await expect.poll(() => page.getByTestId('quote-row').count()).toBeGreaterThanOrEqual(38);
    const all = await page.getByTestId('quote-row').count();
    const crypto = page.getByRole('button', { name: 'Crypto', exact: true });
    await crypto.click();
    await expect.poll(() => crypto.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('quote-row').count()).toBeLessThan(all);
    const shown = await page.getByTestId('quote-row').allInnerTexts();
    expect(shown.join(' ')).toContain('BTC/USD');
    expect(shown.join(' ')).not.toContain('EUR/USD');
    await screenshot(page, 'home-crypto-chip');
    await crypto.click();
    await expect.poll(() => crypto.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.getByTestId('quote-row').count()).toBe(all);
  });

  it('opens /product from the search icon and /trade from a row', async () => {
    await page.goto('/');
    await page
      .getByRole('link', { name: 'Search products' })
      .or(page.getByRole('button', { name: 'Search products' }))
      .click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/product');
    await page.goBack();
    await page.getByTestId('quote-row').first().click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/trade\?id=\d+$/);
  });
});
