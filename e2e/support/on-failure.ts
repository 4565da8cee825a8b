import { afterEach, inject } from 'vitest';
import { SCREENSHOT_DIR } from './browser.ts';
import { dumpDiagnostics } from './diagnostics.ts';

// Every browser test: when one fails, keep what the browser and the server saw at that moment.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const log = await fetch(inject('logUrl'))
    .then((r) => r.text())
    .catch(() => '(server log unavailable)');
  await dumpDiagnostics(SCREENSHOT_DIR, ctx.task.name, ctx.task.result.startTime ?? 0, log);
});
