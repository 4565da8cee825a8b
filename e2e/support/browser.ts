import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { recordContext } from './diagnostics.ts';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../artifacts/e2e');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags this machine needs: no sandbox as root, no background network (it is closed here). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A context whose console errors, failed requests and API calls a failed test reports. */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  return recordContext(await browser.newContext(options));
}

/** A phone: 390×844, touch, mobile user agent. */
export function newPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return newContext(browser, {
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
  });
}

export async function screenshot(page: Page, name: string) {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
