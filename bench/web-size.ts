// First-screen JavaScript size: the gzip size (zlib level 9) of every script the home screen (`/`)
// loads in a real browser (Debian Chromium via playwright-core, phone viewport, until the network
// is idle): each script as served (checked byte for byte against its file in apps/web/dist) is
// gzipped and the sizes summed. Baseline from the same run: a minimal
// React + react-dom "hello" bundle built with the same Vite in bench/.tmp. Goal: ≤ 215 KB
// (215,000 bytes) and no lightweight-charts code among the first screen's scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser.ts';
import { finish, type Goal, ROOT, reportErrorsAs, round1 } from './lib/common.ts';
import { ensureWebBuild, startWebServer, WEB_DIST } from './lib/web.ts';

const started = Date.now();
reportErrorsAs('web-size', started);
const GOAL_BYTES = 215_000;
/** Strings that survive minification of lightweight-charts (its root element's class, its banner). */
const CHART_MARKERS = ['tv-lightweight-charts', 'TradingView Lightweight Charts'];
const TMP = path.join(ROOT, 'bench/.tmp');

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes: number) => `${round1(bytes / 1000)} KB`;

interface Script {
  url: string;
  distFile: string | null;
  bytes: number;
  gzipBytes: number;
  hasChartCode: boolean;
}

async function firstScreenScripts(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    const styles = new Map<string, Promise<Buffer>>();
    const errors: string[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = res.url();
      // The decoded body as served, kept so a rebuild of dist meanwhile cannot skew the figures.
      if (type === 'script' || /\.m?js(\?|$)/.test(url)) scripts.set(url, res.body());
      else if (type === 'stylesheet') styles.set(url, res.body());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    const finalUrl = page.url();
    const title = await page.title();
    const bodies = async (m: Map<string, Promise<Buffer>>) =>
      Promise.all([...m].map(async ([url, body]) => ({ url, body: await body })));
    const result = { scripts: await bodies(scripts), styles: await bodies(styles), errors, finalUrl, title };
    await context.close();
    return result;
  } finally {
    await browser.close();
  }
}

/** Sizes of one loaded file; `distFile` is the file in apps/web/dist it came from (same bytes). */
function measure(baseUrl: string, url: string, body: Buffer): Script {
  const u = new URL(url);
  if (u.origin !== baseUrl) throw new Error(`a first-screen file came from another origin: ${url}`);
  const file = path.join(WEB_DIST, decodeURIComponent(u.pathname));
  const same = file.startsWith(WEB_DIST) && existsSync(file) && readFileSync(file).equals(body);
  return {
    url: u.pathname,
    distFile: same ? path.relative(ROOT, file) : null,
    bytes: body.length,
    gzipBytes: gz(body),
    hasChartCode: CHART_MARKERS.some((m) => body.includes(m)),
  };
}

/** The dist chunks holding lightweight-charts (proves the markers still match the library). */
function chartChunks(): string[] {
  const dir = path.join(WEB_DIST, 'assets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      return CHART_MARKERS.some((m) => text.includes(m));
    });
}

/** A minimal React 19 + react-dom "hello" app built by the web app's own Vite, same target. */
function reactHelloBaseline() {
  const dir = path.join(TMP, 'react-hello');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>hello</title></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n',
  );
  writeFileSync(
    path.join(dir, 'main.js'),
    [
      "import { createElement, StrictMode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(createElement(StrictMode, null, createElement('h1', null, 'hello')));",
      '',
    ].join('\n'),
  );
  // No import in the config: `vite` is installed under apps/web, not reachable from here.
  writeFileSync(
    path.join(dir, 'vite.config.mjs'),
    "export default { base: './', logLevel: 'warn', build: { target: 'es2022', outDir: 'dist', emptyOutDir: true } };\n",
  );
  const webRequire = createRequire(path.join(ROOT, 'apps/web/package.json'));
  const vitePkg = webRequire.resolve('vite/package.json');
  const viteBin = path.join(path.dirname(vitePkg), JSON.parse(readFileSync(vitePkg, 'utf8')).bin.vite);
  const r = spawnSync(process.execPath, [viteBin, 'build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0)
    throw new Error(`vite build of the React hello baseline failed:\n${r.stdout}\n${r.stderr}`);
  const assets = path.join(dir, 'dist/assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((a, f) => a + statSync(path.join(assets, f)).size, 0);
  const gzipBytes = files.reduce((a, f) => a + gz(readFileSync(path.join(assets, f))), 0);
  const viteVersion = JSON.parse(readFileSync(vitePkg, 'utf8')).version as string;
  const reactVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/react/package.json'), 'utf8'))
    .version as string;
  rmSync(dir, { recursive: true, force: true });
  return { files, bytes, gzipBytes, viteVersion, reactVersion };
}

console.log('web size: first-screen JavaScript (gzip -9) in Chromium, against a React hello bundle');
const build = ensureWebBuild();
const server = await startWebServer();
let loaded: Awaited<ReturnType<typeof firstScreenScripts>>;
try {
  loaded = await firstScreenScripts(server.baseUrl);
} finally {
  await server.stop();
}
if (loaded.scripts.length === 0) throw new Error(`the first screen loaded no script (${loaded.finalUrl})`);
const scripts = loaded.scripts
  .map((f) => measure(server.baseUrl, f.url, f.body))
  .sort((a, b) => b.gzipBytes - a.gzipBytes);
const styles = loaded.styles.map((f) => measure(server.baseUrl, f.url, f.body));
const notInDist = scripts.filter((s) => !s.distFile).map((s) => s.url);
const total = scripts.reduce((a, s) => a + s.gzipBytes, 0);
const totalRaw = scripts.reduce((a, s) => a + s.bytes, 0);
const cssGzip = styles.reduce((a, s) => a + s.gzipBytes, 0);
const largest = scripts[0]!;
const withCharts = scripts.filter((s) => s.hasChartCode);
const chunksWithCharts = chartChunks();
const hello = reactHelloBaseline();

console.log(`  page ${loaded.finalUrl} ("${loaded.title}") loaded ${scripts.length} scripts:`);
for (const s of scripts) {
  console.log(`    ${kb(s.gzipBytes).padStart(9)} gz  ${kb(s.bytes).padStart(9)} raw  ${s.url}`);
}
console.log(`  first-screen JS: ${kb(total)} gzip (${kb(totalRaw)} raw); CSS ${kb(cssGzip)} gzip`);
console.log(
  `  largest chunk ${largest.url}: ${kb(largest.gzipBytes)} gz = ${Math.round((largest.gzipBytes / total) * 100)}% of the first screen`,
);
console.log(
  `  baseline React ${hello.reactVersion} + react-dom hello (vite ${hello.viteVersion}): ${kb(hello.gzipBytes)} gzip (${kb(hello.bytes)} raw); first screen = ${(total / hello.gzipBytes).toFixed(2)}× baseline, ${kb(total - hello.gzipBytes)} above it`,
);
console.log(
  `  lightweight-charts code in: ${chunksWithCharts.length ? chunksWithCharts.join(', ') : 'no chunk of this build (markers not found anywhere)'}; on the first screen: ${withCharts.length ? withCharts.map((s) => s.url).join(', ') : 'none'}`,
);
if (loaded.errors.length) console.log(`  page errors: ${loaded.errors.join(' | ')}`);

const goals: Goal[] = [
  {
    id: 'web.first_screen_js_gzip',
    description: 'first-screen (home `/`) JavaScript, gzip -9',
    target: `≤ ${kb(GOAL_BYTES)}`,
    actual: `${kb(total)} (${total} B; baseline React hello ${kb(hello.gzipBytes)})`,
    pass: total <= GOAL_BYTES,
  },
  {
    id: 'web.no_charts_on_first_screen',
    description: 'lightweight-charts code not among the first screen’s scripts',
    target: 'none',
    actual: withCharts.length ? withCharts.map((s) => s.url).join(', ') : 'none',
    pass: withCharts.length === 0,
  },
];

finish(
  {
    name: 'web-size',
    summary: [
      `first screen: ${scripts.length} scripts, ${kb(total)} gzip (${kb(totalRaw)} raw); largest ${largest.url} ${kb(largest.gzipBytes)} (${Math.round((largest.gzipBytes / total) * 100)}%)`,
      `baseline React + react-dom hello: ${kb(hello.gzipBytes)} gzip; first screen ${(total / hello.gzipBytes).toFixed(2)}× it`,
    ],
    figures: {
      build,
      page: loaded.finalUrl,
      title: loaded.title,
      firstScreenJsGzipBytes: total,
      firstScreenJsRawBytes: totalRaw,
      firstScreenCssGzipBytes: cssGzip,
      scriptCount: scripts.length,
      scripts,
      largestChunk: {
        url: largest.url,
        gzipBytes: largest.gzipBytes,
        share: round1((largest.gzipBytes / total) * 100),
      },
      baselineReactHello: hello,
      ratioToBaseline: Math.round((total / hello.gzipBytes) * 100) / 100,
      chartChunks: chunksWithCharts,
      pageErrors: loaded.errors,
      goalBytes: GOAL_BYTES,
    },
    goals,
    notes: [
      'KB = 1,000 bytes; sizes are of the script bodies the browser received (the files of apps/web/dist), gzipped with zlib level 9',
      ...(notInDist.length
        ? [`served but not (or no longer) identical in apps/web/dist: ${notInDist.join(', ')}`]
        : []),
      ...(chunksWithCharts.length === 0
        ? ['no chunk of this build contains lightweight-charts markers: the charts check passes vacuously']
        : []),
    ],
  },
  started,
);
