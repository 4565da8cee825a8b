import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

/**
 * What the browser saw, kept per open context so a failed test can say why (a flaky wait is
 * otherwise only "timed out"): console errors, page errors, failed requests and HTTP errors.
 */
const journals = new Map<BrowserContext, { lines: string[]; last: number }>();
const KEEP = 200;
const API_CALL = /\/(v1\/api|api|admin-api)\//;

function note(journal: { lines: string[]; last: number }, line: string) {
  journal.last = Date.now();
  journal.lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (journal.lines.length > KEEP) journal.lines.splice(0, journal.lines.length - KEEP);
}

export function recordContext(context: BrowserContext): BrowserContext {
  const journal = { lines: [] as string[], last: Date.now() };
  journals.set(context, journal);
  context.on('close', () => journals.delete(context));
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(journal, `console.${m.type()}: ${m.text()}`);
  });
  context.on('weberror', (e) => note(journal, `page error: ${e.error().message}`));
  context.on('requestfailed', (r) =>
    note(journal, `request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
  );
  context.on('response', (r) => {
    if (r.status() >= 400) note(journal, `HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  context.on('request', (r) => {
    // The API calls themselves (the trader's and the back office's), so a wait can be matched to a
    // request that never came or never ended, and a staff page that failed is screenshotted too.
    if (API_CALL.test(r.url())) note(journal, `→ ${r.method()} ${r.url()}`);
  });
  context.on('requestfinished', (r) => {
    if (API_CALL.test(r.url())) note(journal, `← ${r.method()} ${r.url()}`);
  });
  return context;
}

/**
 * Screenshots of the pages of every context active since `since` and their journals, written
 * beside the kept screenshots.
 */
export async function dumpDiagnostics(dir: string, testName: string, since: number, serverLog: string) {
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const lines: string[] = [`failed: ${testName}`];
  let n = 0;
  for (const [context, journal] of journals) {
    if (journal.last < since) continue;
    for (const page of context.pages()) {
      const file = path.join(dir, `failed-${slug}-${n++}.png`);
      await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
      lines.push(`page ${page.url()} → ${file}`);
    }
    lines.push('browser journal:', ...journal.lines.slice(-80));
  }
  // Static files are the bulk of the request log and say nothing about a failed wait.
  const serverLines = serverLog.split('\n').filter((l) => !/"url":"\/(assets|admin\/assets)\//.test(l));
  lines.push('server log (tail, static files left out):', ...serverLines.slice(-60));
  const text = lines.join('\n');
  writeFileSync(path.join(dir, `failed-${slug}.log`), text);
  console.error(text);
}
