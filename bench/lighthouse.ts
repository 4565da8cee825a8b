// Lighthouse mobile (lighthouse 12, its default config: mobile form factor, simulated throttling)
// against the served production build at http://127.0.0.1:<port>/, run three times (a median that
// one slow run on this shared VM cannot move: two runs scored 0.87 and 0.94 once); goal: median
// performance ≥ 0.90. Baseline in the same run: the same audit of a trivial static page served by
// the same server process, which shows this machine's noise floor (it should score ~1.0).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { finish, type Goal, ROOT, reportErrorsAs } from './lib/common.ts';
import { ensureWebBuild, startWebServer, TRIVIAL_PATH } from './lib/web.ts';

const started = Date.now();
reportErrorsAs('lighthouse', started);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';

const BASELINE_RUNS = Number(process.env.LIGHTHOUSE_BASELINE_RUNS ?? 2);
const GOAL = 0.9;
const CHROME_PATH = CHROMIUM_PATH;
const REPORT_DIR = path.join(ROOT, 'artifacts/lighthouse');

// Lighthouse's launcher wants the new headless mode spelled out; the rest is the tests' set.
const CHROME_FLAGS = [
  ...CHROMIUM_ARGS.filter((f) => f !== '--headless'),
  '--headless=new',
  '--disable-dev-shm-usage',
];

interface Run {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  metrics: Record<string, number | null>;
  /** Audits that cost performance points (score < 0.9), for the report. */
  weakAudits: string[];
  /** Lighthouse's own CPU benchmark of this machine during the run (higher = faster). */
  benchmarkIndex: number | null;
  warnings: string[];
  report: string;
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

async function audit(url: string, name: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      undefined, // the default config: mobile
    );
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => lhr.categories[id]?.score ?? Number.NaN;
    const metrics: Record<string, number | null> = {};
    for (const [k, id] of Object.entries(METRICS)) {
      const v = lhr.audits[id]?.numericValue;
      metrics[k] = v === undefined ? null : Math.round(v * 1000) / 1000;
    }
    const perfRefs = lhr.categories.performance?.auditRefs ?? [];
    const weakAudits = perfRefs
      .filter((r) => r.weight > 0)
      .map((r) => lhr.audits[r.id])
      .filter((a) => a && a.score !== null && a.score < 0.9)
      .map((a) => `${a!.id} ${a!.displayValue ?? ''} (${a!.score})`.replace('  ', ' '));
    mkdirSync(REPORT_DIR, { recursive: true });
    const report = path.join(REPORT_DIR, `${name}.json`);
    writeFileSync(report, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    return {
      url,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      metrics,
      weakAudits,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      warnings: lhr.runWarnings,
      report: path.relative(ROOT, report),
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return Math.round((s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) * 1000) / 1000;
};
const fmt = (r: Run) =>
  `performance ${r.performance}  accessibility ${r.accessibility}  best-practices ${r.bestPractices}  | FCP ${Math.round(r.metrics.fcpMs ?? 0)} ms  LCP ${Math.round(r.metrics.lcpMs ?? 0)} ms  TBT ${Math.round(r.metrics.tbtMs ?? 0)} ms  CLS ${r.metrics.cls}  SI ${Math.round(r.metrics.speedIndexMs ?? 0)} ms  | benchmarkIndex ${r.benchmarkIndex}`;

console.log(
  `lighthouse: mobile (default config), ${RUNS} runs on the app, ${BASELINE_RUNS} on a trivial page`,
);
const build = ensureWebBuild();
const server = await startWebServer();
const app: Run[] = [];
const baseline: Run[] = [];
try {
  for (let i = 0; i < BASELINE_RUNS; i++) {
    const r = await audit(`${server.baseUrl}${TRIVIAL_PATH}`, `baseline-${i + 1}`);
    baseline.push(r);
    console.log(`  baseline run ${i + 1}: ${fmt(r)}`);
  }
  for (let i = 0; i < RUNS; i++) {
    const r = await audit(`${server.baseUrl}/`, `app-${i + 1}`);
    app.push(r);
    console.log(`  app run ${i + 1}: ${fmt(r)}`);
    if (r.weakAudits.length) console.log(`    weak: ${r.weakAudits.join('; ')}`);
    for (const w of r.warnings) console.log(`    warning: ${w}`);
  }
} finally {
  await server.stop();
}

const perf = median(app.map((r) => r.performance));
const a11y = median(app.map((r) => r.accessibility));
const bp = median(app.map((r) => r.bestPractices));
const basePerf = median(baseline.map((r) => r.performance));
console.log(
  `  app median: performance ${perf}  accessibility ${a11y}  best-practices ${bp}; baseline performance ${basePerf}`,
);

const goals: Goal[] = [
  {
    id: 'lighthouse.performance',
    description: `Lighthouse mobile performance, median of ${RUNS}`,
    target: `≥ ${GOAL}`,
    actual: `${perf} (runs ${app.map((r) => r.performance).join(', ')}; trivial page ${basePerf})`,
    pass: perf >= GOAL,
  },
];

finish(
  {
    name: 'lighthouse',
    summary: [
      ...app.map((r, i) => `app run ${i + 1}: ${fmt(r)}`),
      `app median: performance ${perf}, accessibility ${a11y}, best-practices ${bp}`,
      ...baseline.map((r, i) => `trivial page run ${i + 1}: ${fmt(r)}`),
    ],
    figures: {
      build,
      lighthouseVersion: JSON.parse(
        readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
      ).version as string,
      runs: app,
      baselineRuns: baseline,
      medianPerformance: perf,
      medianAccessibility: a11y,
      medianBestPractices: bp,
      baselineMedianPerformance: basePerf,
    },
    goals,
    notes: [
      'scores use Lighthouse’s simulated mobile throttling (Moto G Power class, slow 4G) on top of this shared 2-core machine; the trivial page shows the floor',
      `full reports: ${REPORT_DIR}`,
    ],
  },
  started,
);
