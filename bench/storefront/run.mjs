// bench/storefront (issue #6 "Benchmark"): Lighthouse on the production storefront with the demo shop.
// The built server (`packages/server/dist/main.js serve`, which mounts apps/storefront/build) runs in a
// child process on a free loopback port over a fresh embedded data dir, seeded with the demo catalogue
// on start. Lighthouse 12 (npm, Node ≥18.16) drives Debian's Chromium with the project's browser flags
// and a fresh user-data dir, and scores the home, listing and product pages: performance and
// accessibility, LCP, TBT, CLS, and the JavaScript a page downloads (gzip bytes, computed here from the
// scripts it requested, so the figure does not depend on whether the server compresses).
//
// Settings (env): BENCH_LIGHTHOUSE_RUNS (3 per page; the median run by performance score is reported),
// BENCH_FORM_FACTOR (mobile: Lighthouse's default throttled phone; desktop).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { tsImport } from 'tsx/esm/api';
import { MAIN, startBuiltServer } from '../support/built-server.mjs';
import { freePort, stopChild } from '../support/processes.mjs';

// The flags the Chromium tests run with (packages/server/test/support/browser.ts).
const { CHROMIUM_FLAGS } = await tsImport('../../packages/server/test/support/browser.ts', import.meta.url);

/** Issue #6's targets. */
export const TARGETS = { performance: 98, accessibility: 95, jsGzipBytes: 90 * 1024 };

export function settingsFromEnv(env = process.env) {
  const formFactor = env.BENCH_FORM_FACTOR ?? 'mobile';
  if (formFactor !== 'mobile' && formFactor !== 'desktop') throw new Error('BENCH_FORM_FACTOR must be mobile or desktop');
  const runs = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_LIGHTHOUSE_RUNS must be a positive integer');
  return { formFactor, runs };
}

/** The pages to score: home, the listing, and the first product the storefront's sitemap lists. */
async function pagesOf(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const product = /<loc>[^<]*?(\/products\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  if (!product) throw new Error('the storefront sitemap lists no product to score');
  return [
    { name: 'home', path: '/' },
    { name: 'listing', path: '/products' },
    { name: 'product', path: product },
  ];
}

/** Gzip bytes of the scripts a page requested (each fetched again and compressed at level 9). */
async function scriptGzipBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith('http'));
  let total = 0;
  for (const script of scripts) {
    const response = await fetch(script.url);
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { bytes: total, files: scripts.length };
}

async function score(url, settings) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    userDataDir: await mkdtemp(join(tmpdir(), 'vitrine-lighthouse-')),
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const config = settings.formFactor === 'desktop' ? desktopConfig : undefined;
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
    const { lhr } = await lighthouse(url, flags, config);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scriptBytes = await scriptGzipBytes(lhr);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      js: scriptBytes,
      failedA11y: Object.values(lhr.audits)
        .filter((audit) => audit.score === 0 && lhr.categories.accessibility.auditRefs.some((auditRef) => auditRef.id === audit.id))
        .map((audit) => audit.id),
    };
  } finally {
    await chrome.kill();
  }
}

/** Runs Lighthouse on each page; answers the median run (by performance) of each. */
export async function measure(settings = settingsFromEnv(), log = (line) => console.error(line)) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-storefront-bench-'));
  // Production mode (as a shop runs): it wants its own signing secret, a throwaway one here.
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    VITRINE_DEMO: 'true',
    VITRINE_SECRET: randomBytes(32).toString('base64url'),
  };
  delete env.DATABASE_URL;
  let server;
  try {
    const port = await freePort();
    const dataDir = join(dir, 'data');
    // Production mode seeds nothing at start: the demo shop goes in first, under the URL it is served at.
    execFileSync(process.execPath, [MAIN, 'seed', '--demo', '--data-dir', dataDir, '--public-url', `http://127.0.0.1:${port}`], {
      env,
      stdio: 'ignore',
    });
    server = await startBuiltServer(
      ['--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--public-url', `http://127.0.0.1:${port}`],
      env,
    );
    const base = `http://127.0.0.1:${port}`;
    const pages = await pagesOf(base);
    const results = [];
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < settings.runs; i++) runs.push(await score(`${base}${page.path}`, settings));
      runs.sort((left, right) => left.performance - right.performance);
      const median = runs[Math.floor(runs.length / 2)];
      log(`storefront: ${page.name} performance ${median.performance}, accessibility ${median.accessibility}`);
      results.push({ ...page, ...median, spread: [runs[0].performance, runs.at(-1).performance] });
    }
    return results;
  } finally {
    if (server) await stopChild(server);
    await rm(dir, { recursive: true, force: true });
  }
}

const verdict = (ok) => (ok ? 'met' : '**not met**');

export function renderSection(settings, results, when = new Date()) {
  return [
    '## storefront',
    '',
    `Measured on ${when.toISOString()} (Node ${process.version}; ${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'},`,
    'shared by the server and Chromium). Run with `npm run bench -- storefront`.',
    '',
    `Lighthouse 12 (${settings.formFactor}${settings.formFactor === 'mobile' ? ': emulated phone, simulated slow 4G and 4× CPU slowdown' : ''}),`,
    `Debian's Chromium headless, the production build served by \`vitrine serve\` with the demo shop. Median of ${settings.runs}`,
    'run(s) per page by performance score (the range in brackets). JS: the scripts the page requested, gzip level 9.',
    '',
    '| page | performance | accessibility | LCP ms | TBT ms | CLS | JS gzip bytes (files) | targets (≥ 98 / ≥ 95 / ≤ 90 kB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...results.map(
      (result) =>
        `| ${result.name} (\`${result.path}\`) | ${result.performance} (${result.spread.join('–')}) | ${result.accessibility} | ${Math.round(result.lcp)} | ${Math.round(result.tbt)} | ${result.cls.toFixed(3)} | ${result.js.bytes} (${result.js.files}) | ${verdict(result.performance >= TARGETS.performance)} / ${verdict(result.accessibility >= TARGETS.accessibility)} / ${verdict(result.js.bytes <= TARGETS.jsGzipBytes)} |`,
    ),
    '',
    ...results
      .filter((result) => result.failedA11y.length)
      .map((result) => `Accessibility audits failing on ${result.name}: ${result.failedA11y.join(', ')}.`),
  ].join('\n');
}

export async function runStorefront(settings = settingsFromEnv(), log) {
  return renderSection(settings, await measure(settings, log));
}
