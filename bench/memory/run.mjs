// bench/memory (issue #23 "Footprint"): the resident memory of a running `vitrine serve` with the demo shop,
// idle after start, after a scripted browse, and after a burst of catalogue reads, with where it goes. The
// built server (`packages/server/dist/main.js serve`) runs in a child process on a free loopback port over a
// fresh embedded data dir and, when DATABASE_URL is set, over a fresh database on that PostgreSQL server
// (created and dropped here). The demo shop is seeded by `vitrine seed --demo` before the server starts, so
// the figures are those of a shop's ordinary start, not of its first one (which also seeds).
//
// The browse (plain HTTP, as a browser's requests): the storefront's home, listing, search page, every
// product and collection page its sitemap lists, the cart page; the API's product query, search and a
// visitor's cart (three adds and a read); the console's page and scripts. The burst: autocannon reads
// every demo product by id and the first listing page, BENCH_MEMORY_BURST seconds (10) at 10 connections.
//
// Each reading is taken after the server has sat idle BENCH_MEMORY_SETTLE seconds (20).
//
// Settings (env): BENCH_DATABASES (pglite, and postgres with DATABASE_URL), BENCH_MEMORY_BURST (10),
// BENCH_MEMORY_SETTLE (20), BENCH_NODE_FLAGS (Node's flags for the server process; those the `vitrine` command
// starts Node with, its first line, with the environment that line sets (MALLOC_ARENA_MAX); given, neither:
// `BENCH_NODE_FLAGS=none` is Node's and glibc's defaults).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cli, freshPostgres, MAIN, VITRINE_NODE_ENV, VITRINE_NODE_FLAGS } from '../support/built-server.mjs';
import { freePort, json, startChild, stopChild } from '../support/processes.mjs';
import { memoryOf } from './measure.mjs';

/** Issue #23's targets: resident MiB of one `vitrine serve`, idle and after browsing. */
export const TARGETS = { pglite: 200, postgres: 120 };
const APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

export function settingsFromEnv(env = process.env) {
  return {
    databases: (env.BENCH_DATABASES ?? (env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',').map((d) => d.trim()),
    burstSeconds: Number(env.BENCH_MEMORY_BURST ?? 10),
    settleSeconds: Number(env.BENCH_MEMORY_SETTLE ?? 20),
    // Node's own flags for the server process: the `vitrine` command's unless told (comparisons: `none`, Node's defaults)
    nodeFlags: env.BENCH_NODE_FLAGS === undefined ? VITRINE_NODE_FLAGS : env.BENCH_NODE_FLAGS.split(' ').filter((f) => f && f !== 'none'),
    // and the environment the command's first line sets for Node (MALLOC_ARENA_MAX); none with BENCH_NODE_FLAGS given
    nodeEnv: env.BENCH_NODE_FLAGS === undefined ? VITRINE_NODE_ENV : {},
    postgresUrl: env.DATABASE_URL,
  };
}

const dotR = (payload) => `.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;

/** GETs a path and reads its whole body; @throws Error on an answer that is not 2xx. */
async function get(base, path, headers = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
  return body;
}

/** The browse: storefront pages, the API a shopper's browser calls, a visitor's cart, the console. Answers the product ids. */
async function browse(base) {
  const sitemap = await get(base, '/sitemap.xml');
  const pages = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:products|collections)\/[^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const path of ['/', '/products', '/search?q=linen', '/search?q=mug', '/cart', ...pages]) await get(base, path);
  const token = await json(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'anonymous', clientId: 'demo' }),
  });
  const headers = { authorization: `Bearer ${token.access_token}` };
  const { products } = await json(`${base}/stores-reader/v1/products/query-platformized?${dotR({ query: { paging: { limit: 100 } } })}`, {
    headers,
  });
  for (const text of ['linen', 'ceramic', 'tea', 'wool']) {
    await get(
      base,
      `/_api/vitrine/v1/search/products?${dotR({ text, facets: { collections: true, priceRanges: true }, paging: { limit: 20 } })}`,
      headers,
    );
  }
  for (const product of products.slice(0, 3)) {
    const body = JSON.stringify({ lineItems: [{ catalogReference: { catalogItemId: product.id, appId: APP_ID }, quantity: 1 }] });
    const response = await fetch(`${base}/ecom/v1/carts/current/add-to-cart`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`add-to-cart: ${response.status} ${await response.text()}`);
  }
  await get(base, '/ecom/v1/carts/current', headers);
  const consolePage = await get(base, '/console/');
  for (const match of consolePage.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)) await get(base, match[1]);
  for (const path of ['/console/products', '/console/orders']) await get(base, path);
  return products.map((product) => product.id);
}

/** Reads every product by id and the first listing page, `seconds` long. */
async function burst(base, productIds, seconds) {
  const paths = [
    ...productIds.map((id) => `/stores-reader/v1/products/${id}`),
    `/stores-reader/v1/products/query-platformized?${dotR({ query: { paging: { limit: 20 } } })}`,
  ];
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: 10,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  if (result.non2xx || result.errors) throw new Error(`burst: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.total;
}

/** Lets the server sit idle before a reading (V8 gives memory back after a few idle seconds: its memory reducer). */
const settle = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** One database: seed, serve, measure idle, after the browse, after the burst. */
async function measureOne(database, settings, log) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-memory-bench-'));
  // Production mode, as a shop runs (libraries load their production builds): its own signing secret, a throwaway one.
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    VITRINE_SECRET: randomBytes(32).toString('base64url'),
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  delete env.DATABASE_URL;
  let server;
  let postgres;
  try {
    const where = [];
    if (database === 'postgres') {
      postgres = await freshPostgres(settings.postgresUrl, 'vitrine_memory_bench');
      env.DATABASE_URL = postgres.url;
    } else {
      where.push('--data-dir', join(dir, 'data'));
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    cli(['migrate', ...where], env);
    cli(['seed', '--demo', '--public-url', base, ...where], env);
    server = await startChild(
      [...settings.nodeFlags, MAIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--public-url', base, ...where],
      { ...env, ...settings.nodeEnv },
      /Vitrine is running at/,
      'server',
    );
    const rows = [];
    await settle(settings.settleSeconds);
    rows.push({ phase: 'idle after start', ...(await memoryOf(server.pid, base)) });
    log(`memory: ${database} idle ${rows.at(-1).rss} MiB`);
    const productIds = await browse(base);
    await settle(settings.settleSeconds);
    rows.push({ phase: 'after the browse', ...(await memoryOf(server.pid, base)) });
    log(`memory: ${database} after the browse ${rows.at(-1).rss} MiB`);
    const requests = await burst(base, productIds, settings.burstSeconds);
    await settle(settings.settleSeconds);
    rows.push({ phase: `after ${requests} catalogue reads`, ...(await memoryOf(server.pid, base)) });
    log(`memory: ${database} after the burst ${rows.at(-1).rss} MiB`);
    return rows.map((row) => ({ database, ...row }));
  } finally {
    if (server) await stopChild(server);
    await postgres?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measure(settings = settingsFromEnv(), log = (line) => console.error(line)) {
  const rows = [];
  for (const database of settings.databases) rows.push(...(await measureOne(database, settings, log)));
  return rows;
}

/** The figures before issue #23's changes: first with this benchmark, then before its second round (lazy libraries, Node's flags). */
const BEFORE = [
  'Before issue #23 (same benchmark, 2026-11-26, development mode, 2 s idle before each reading): embedded 425 MiB idle,',
  '492 after the browse, 496 after the reads (WASM 152 resident: PGlite started with the 128 MB of shared buffers its',
  "postgresql.conf says); PostgreSQL 175, 223, 224. Before the second round (production mode, 20 s idle, Node's",
  'defaults, stripe, nodemailer and the common-password list loaded at start): embedded 273, 307, 323; PostgreSQL 167,',
  '229, 215. Before the third round (the storefront bundle and the generated serializers loaded at start): embedded 208,',
  "233, 241; PostgreSQL 137, 163, 155. Before the fourth round (PGlite, React's server renderer, sanitize-html and the",
  "ISO 3166-2 table loaded at start, glibc's default malloc arenas): embedded 193, 233, 227; PostgreSQL 132, 163, 161 (and 116, 133, 151",
  'in a second run on 2026-11-27: the readings of one build differ by up to ~15 MiB). What holds the rest: docs/DEPLOY.md, "Memory".',
];

const envWords = (nodeEnv) =>
  Object.entries(nodeEnv ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');

export function renderSection(rows, settings, when = new Date()) {
  return [
    '## memory',
    '',
    `Measured on ${when.toISOString()} (Node ${process.version}, Node's flags \`${settings.nodeFlags.join(' ') || 'none'}\` and environment \`${envWords(settings.nodeEnv) || 'none'}\`, those of the`,
    "`vitrine` command). Run with `npm run bench -- memory`. Resident memory does not depend on the machine's load, so",
    "a shared machine (this one: 2 cores, shared with other work) measures it as a quiet one does (only the burst's",
    'count of reads depends on the load).',
    '',
    'One `vitrine serve` (role `all`, the storefront and console mounted) with the demo shop, seeded before it',
    'started; resident memory from /proc/<pid>/smaps, V8 figures from its `/metrics`, in MiB. "WASM" is PGlite\'s',
    'WebAssembly memory (resident part), "code" the node binary and libraries, "JS heap" V8\'s heap (used / total),',
    '"other" the rest (malloc arenas of V8\'s compilers and native modules, code space, stacks). "External" is V8\'s',
    'count of memory held outside its heap (WASM memory and buffers, counted by size, not by what is resident).',
    '',
    '| database | phase | RSS | WASM | code | JS heap | other | external | target | verdict |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((row) => {
      const target = TARGETS[row.database];
      return `| ${row.database} | ${row.phase} | ${row.rss} | ${row.wasm} | ${row.code} | ${row.heapUsed} / ${row.heapTotal} | ${row.other} | ${row.external} | ≤ ${target} | ${row.rss <= target ? 'met' : '**not met**'} |`;
    }),
    '',
    ...BEFORE,
  ].join('\n');
}

export async function runMemory(settings = settingsFromEnv(), log) {
  return renderSection(await measure(settings, log), settings);
}
