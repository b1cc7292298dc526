// bench/api-cart (issues #5 and #21): the current cart's writes under load from many visitors, beside a
// Fastify hello-world measured in the same run, with lost updates counted afterwards. The built server
// (`packages/server/dist/main.js serve`) runs in a child process on a free loopback port: over PostgreSQL
// when DATABASE_URL is set (migrated, a bench OAuth client registered), else over a fresh embedded (PGlite)
// data dir in a temp folder. Products are created through the merchant API; every visitor gets its token
// from /oauth2/token. Needs the built server: `npm run bench -- api-cart` builds it first.
//
// Lost updates: every add-to-cart answered 2xx is counted per visitor (autocannon's per-connection context
// knows whose request it was); after the run each visitor's cart is read back, and the units the carts hold
// are compared with the units acknowledged. Any difference is a lost (or invented) update.
//
// Settings (env): BENCH_VISITORS (100), BENCH_PRODUCTS (20), BENCH_DURATION seconds per endpoint (10),
// BENCH_CONNECTIONS (20), BENCH_WARMUP seconds per endpoint (2), BENCH_DATABASES (postgres with DATABASE_URL, else
// pglite; `pglite,postgres` measures both), BENCH_CPU_PROF=<dir> (a CPU profile of the server).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { MAIN, SERVE } from '../support/built-server.mjs';
import { cpuPerRequest, cpuSnapshot } from '../support/cpu.mjs';
import { listFromEnv, loadFigures, loadSettingsFromEnv } from '../support/load-settings.mjs';
import { freePort, json, startChild, stopChild } from '../support/processes.mjs';

const HELLO = fileURLToPath(new URL('../api-catalog/hello.mjs', import.meta.url));
const DURABLE_WRITE = fileURLToPath(new URL('./durable-write.mjs', import.meta.url));
const APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
/** Issue #21's target: add-to-cart on carts of 3 lines at this share of the durable-write floor measured in the same run. */
export const TARGET_OF_FLOOR = 0.4;
/** The lines of the carts the target is judged on. */
const SMALL_CART_LINES = 3;

/** The settings of a run, from the environment. */
export function settingsFromEnv(env = process.env) {
  return {
    // the token endpoint allows 120 anonymous grants a minute per address: at most ~110 visitors a run
    visitors: Number(env.BENCH_VISITORS ?? 100),
    products: Number(env.BENCH_PRODUCTS ?? 20),
    ...loadSettingsFromEnv(env, { duration: 10, connections: 20, warmup: 2 }),
    // BENCH_DATABASES=pglite,postgres measures both in one run (postgres needs DATABASE_URL)
    databases: listFromEnv(env, 'BENCH_DATABASES', env.DATABASE_URL ? 'postgres' : 'pglite'),
  };
}

/** Runs the CLI to completion. */
function cli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`vitrine ${args.join(' ')} failed (${code}):\n${out}`))));
  });
}

const post = (url, body, headers = {}) =>
  json(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Products through the merchant API (the same on PGlite and PostgreSQL). */
async function createProducts(base, apiKey, n) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const { product } = await post(
      `${base}/stores/v1/products`,
      {
        product: {
          name: `Bench item ${i} ${crypto.randomUUID().slice(0, 8)}`,
          productType: 'physical',
          priceData: { price: 5 + i },
          weight: 0.25,
        },
      },
      { authorization: apiKey },
    );
    ids.push(product.id);
  }
  return ids;
}

/** Visitor tokens of the OAuth client, a few at a time. */
async function visitorTokens(base, clientId, n) {
  const tokens = [];
  while (tokens.length < n) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, n - tokens.length) }, () => post(`${base}/oauth2/token`, { grantType: 'anonymous', clientId })),
    );
    tokens.push(...batch.map((t) => t.access_token));
  }
  return tokens;
}

/**
 * autocannon over many visitors: each request takes the next visitor and product; `onAdded` hears
 * every 2xx answer with the visitor and product it was for.
 */
async function load(base, s, duration, request) {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections: s.connections,
    duration,
    requests: [
      {
        method: request.method ?? 'POST',
        setupRequest: (req, context) => {
          const n = next++;
          const shaped = request.shape(n);
          request.onSent?.(shaped.tag);
          context.pending = shaped.tag;
          return {
            ...req,
            path: shaped.path,
            headers: { ...req.headers, 'content-type': 'application/json', authorization: shaped.token },
            body: shaped.body,
          };
        },
        onResponse: (status, _body, context) => {
          if (status >= 200 && status < 300) request.onOk?.(context.pending);
        },
      },
    ],
  });
  return loadFigures(r, s.connections);
}

async function hello(base, s) {
  const r = await autocannon({ url: base, connections: s.connections, duration: s.duration });
  return {
    total: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: r.latency.average,
    mean: (s.connections / r.requests.average) * 1000,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs one measured phase against the process `pid`, adding the CPU it cost per request (support/cpu.mjs). */
async function withCpu(pid, run) {
  const before = cpuSnapshot(pid);
  const result = await run();
  return { ...result, cpu: cpuPerRequest(before, cpuSnapshot(pid), result.total) };
}

/** Where the server keeps its data: a PostgreSQL database (migrated, a client registered) or a temp data dir. */
async function prepareDatabase(database, env, dir) {
  const clientId = `bench-${crypto.randomUUID().slice(0, 8)}`;
  if (database === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('the postgres run needs DATABASE_URL');
    await cli(['migrate'], env);
    await cli(['clients', 'create', '--id', clientId, '--name', 'Cart bench', '--redirect-uri', 'http://127.0.0.1/callback'], env);
    return { clientId, serveArgs: [] };
  }
  return { clientId: 'demo', serveArgs: ['--data-dir', join(dir, 'data')] };
}

/** Runs the whole benchmark; answers its measurements. */
export async function measure(s, database, log = (line) => console.error(line)) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-cart-bench-'));
  const apiKey = `vmk_bench_${crypto.randomUUID().replaceAll('-', '')}`;
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    VITRINE_DEMO: 'false',
    NODE_ENV: 'development',
    VITRINE_API_KEYS: apiKey,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  if (database === 'pglite') delete env.DATABASE_URL;
  const children = [];
  try {
    const helloPort = await freePort();
    const helloServer = await startChild([HELLO], { ...env, PORT: String(helloPort) }, /listening on/, 'hello');
    children.push(helloServer);
    const helloBase = `http://127.0.0.1:${helloPort}`;
    const helloPid = helloServer.pid;
    const hellos = [await withCpu(helloPid, () => hello(helloBase, s))];
    log(`api-cart: hello-world ${Math.round(hellos[0].rps)} req/s`);

    // postgres: the floor of any durable write here (durable-write.mjs), measured before the server starts
    let floor;
    if (database === 'postgres') {
      const probePort = await freePort();
      const probe = await startChild([DURABLE_WRITE], { ...env, PORT: String(probePort) }, /listening on/, 'durable-write');
      children.push(probe);
      floor = await withCpu(probe.pid, () => hello(`http://127.0.0.1:${probePort}`, s));
      await stopChild(probe);
      log(`api-cart: one durable write per request ${Math.round(floor.rps)} req/s`);
    }

    const db = await prepareDatabase(database, env, dir);
    const port = await freePort();
    // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const args = [...prof, ...SERVE, '--port', String(port), '--host', '127.0.0.1', ...db.serveArgs];
    const server = await startChild(args, env, /Vitrine is running at/, 'server');
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    const products = await createProducts(base, apiKey, s.products);
    const tokens = await visitorTokens(base, db.clientId, s.visitors);
    log(`api-cart: ${products.length} products, ${tokens.length} visitors on ${database}`);

    // add-to-cart: visitor n % V adds product (n / V) % L, first with L = 3 (carts of 3 lines), then with L = every
    // product (carts grow to that many lines); acknowledged units counted per visitor over both runs.
    const acknowledged = new Array(tokens.length).fill(0);
    const sent = new Array(tokens.length).fill(0);
    const addTo = (lines) => ({
      onSent: (v) => sent[v]++,
      shape: (n) => {
        const v = n % tokens.length;
        const p = products[Math.floor(n / tokens.length) % lines];
        const body = JSON.stringify({ lineItems: [{ catalogReference: { catalogItemId: p, appId: APP_ID }, quantity: 1 }] });
        return { tag: v, token: tokens[v], path: '/ecom/v1/carts/current/add-to-cart', body };
      },
      onOk: (v) => acknowledged[v]++,
    });
    const adds = [];
    for (const lines of [Math.min(SMALL_CART_LINES, products.length), products.length]) {
      const add = addTo(lines);
      if (s.warmup > 0) await load(base, s, s.warmup, add);
      const result = await withCpu(server.pid, () => load(base, s, s.duration, add));
      adds.push({ lines, ...result });
      log(`api-cart: add-to-cart (carts of ${lines} lines) ${Math.round(result.rps)} req/s`);
      hellos.push(await withCpu(helloPid, () => hello(helloBase, s)));
    }

    const estimateBody = JSON.stringify({
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
    });
    const estimate = {
      shape: (n) => ({ tag: n, token: tokens[n % tokens.length], path: '/ecom/v1/carts/current/estimate-totals', body: estimateBody }),
    };
    if (s.warmup > 0) await load(base, s, s.warmup, estimate);
    const estimateResult = await withCpu(server.pid, () => load(base, s, s.duration, estimate));
    log(`api-cart: estimate-totals ${Math.round(estimateResult.rps)} req/s`);
    hellos.push(await withCpu(helloPid, () => hello(helloBase, s)));

    // Lost updates, per visitor: every acknowledged unit must be stored (stored ≥ acknowledged), and nothing
    // beyond what was sent (stored ≤ sent: requests still in flight when autocannon stopped may have landed).
    let stored = 0;
    let lost = 0;
    let invented = 0;
    for (const [v, token] of tokens.entries()) {
      const res = await fetch(`${base}/ecom/v1/carts/current`, { headers: { authorization: token } });
      const units = res.status === 404 ? 0 : (await res.json()).cart.lineItems.reduce((sum, l) => sum + l.quantity, 0);
      stored += units;
      lost += Math.max(0, acknowledged[v] - units);
      invented += Math.max(0, units - sent[v]);
    }
    const expected = acknowledged.reduce((a, b) => a + b, 0);
    const inFlight = sent.reduce((a, b) => a + b, 0) - expected;
    log(
      `api-cart: ${expected} units acknowledged, ${inFlight} unanswered at the end of a run, ${stored} stored, ${lost} lost, ${invented} invented`,
    );
    const helloMean = hellos.reduce((sum, h) => sum + h.rps, 0) / hellos.length;
    return { database, hellos, helloMean, floor, adds, estimate: estimateResult, expected, inFlight, stored, lost, invented };
  } finally {
    for (const c of children) await stopChild(c);
    await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** The table of one database: each run's throughput, beside hello-world and the durable-write floor. */
function renderRun(m) {
  const share = (r, of) => (of ? `${fmt((r.rps / of) * 100, 1)}%` : '–');
  const row = (label, r, target) => {
    let verdict = '| | |';
    if (target) {
      const ok = m.floor && r.rps / m.floor.rps >= TARGET_OF_FLOOR && r.non2xx === 0 && r.errors === 0;
      verdict = m.floor
        ? `| ≥ ${TARGET_OF_FLOOR * 100}% of the floor | ${ok ? 'met' : '**not met**'} |`
        : `| ≥ ${TARGET_OF_FLOOR * 100}% of the floor | no floor on this database |`;
    }
    return `| ${m.database} | ${label} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(r.avg, 2)} | ${fmt(r.mean, 2)} | ${share(r, m.helloMean)} | ${share(r, m.floor?.rps)} ${verdict} ${r.non2xx + r.errors} |`;
  };
  const h = m.hellos[0];
  return [
    `| ${m.database} | Fastify hello-world (mean of ${m.hellos.map((x) => fmt(x.rps)).join(', ')}) | ${fmt(m.helloMean)} | ${h.p50} | ${h.p99} | ${fmt(h.avg, 2)} | ${fmt(h.mean, 2)} | 100% | | | | 0 |`,
    ...(m.floor ? [row('floor: one durable UPDATE per request, nothing else (durable-write.mjs)', m.floor, false)] : []),
    ...m.adds.map((add) => row(`POST add-to-cart, carts of ${add.lines} lines`, add, add.lines === SMALL_CART_LINES)),
    row(`POST estimate-totals, carts of ${m.adds.at(-1).lines} lines`, m.estimate, false),
  ];
}

const ms = (n) => fmt(n, 3);

/** The mean of the hello-world runs' CPU per request. */
function helloCpu(m) {
  const cpus = m.hellos.map((h) => h.cpu).filter(Boolean);
  if (!cpus.length) return undefined;
  const mean = (k) => cpus.reduce((sum, c) => sum + c[k], 0) / cpus.length;
  return { serverMs: mean('serverMs'), postgresMs: mean('postgresMs'), loadMs: mean('loadMs'), idleShare: mean('idleShare') };
}

/** CPU per request of each phase (support/cpu.mjs). */
function renderCpu(m) {
  const row = (label, c) =>
    c
      ? `| ${m.database} | ${label} | ${ms(c.serverMs)} | ${ms(c.postgresMs)} | ${ms(c.loadMs)} | ${ms(c.serverMs + c.postgresMs + c.loadMs)} | ${fmt(c.idleShare * 100, 0)}% |`
      : `| ${m.database} | ${label} | – | – | – | – | – |`;
  return [
    row('Fastify hello-world (mean of the runs)', helloCpu(m)),
    ...(m.floor ? [row('floor: one durable UPDATE', m.floor.cpu)] : []),
    ...m.adds.map((add) => row(`POST add-to-cart, carts of ${add.lines} lines`, add.cpu)),
    row('POST estimate-totals', m.estimate.cpu),
  ];
}

/** The `## api-cart` section of bench/RESULTS.md. */
export function renderSection(s, runs, when = new Date()) {
  return [
    '## api-cart',
    '',
    `Measured on ${when.toISOString()} (Node ${process.version}; ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, shared by the`,
    'server, PostgreSQL, the hello-world and autocannon, and by whatever else the machine runs). Run with',
    '`npm run bench -- api-cart` (over PostgreSQL when DATABASE_URL is set; BENCH_DATABASES=pglite,postgres runs both).',
    '',
    `Settings: ${s.visitors} visitors, ${s.products} products, autocannon ${s.connections} connections, ${s.duration} s per endpoint after a`,
    `${s.warmup} s warm-up, loopback; \`vitrine serve\` from the built dist, LOG_LEVEL=warn. pglite: a fresh embedded data dir (one`,
    'connection: every transaction queues behind the previous one); postgres: DATABASE_URL (pool of 10), migrated by the run.',
    'add-to-cart runs twice: request n is visitor n mod V adding 1 unit of product ⌊n / V⌋ mod L, first with L = 3 (carts of',
    `3 lines: after each visitor's first three adds, every add raises a quantity), then with L = ${s.products} (carts grow to ${s.products} lines);`,
    'concurrent requests hit the same carts. Without an Idempotency-Key each add is one compare-and-swap statement on the',
    "cart's revision, no transaction, that writes the line, bumps the revision and records the cart.updated event in the",
    "outbox; the lines' products come from the catalogue's hot-read cache. estimate-totals: every visitor, a New York",
    'address, after the add-to-cart runs. Hello-world runs before, between and after; shares use their mean. The target',
    `(issue #21): add-to-cart on carts of 3 lines at ≥ ${TARGET_OF_FLOOR * 100} % of the floor, a Fastify route that does one durable UPDATE and`,
    'nothing else, measured in the same run (PostgreSQL only: the embedded database has no such yardstick).',
    '',
    '| database | endpoint | req/s | p50 ms | p99 ms | avg ms | mean ms | vs hello-world | vs floor | target | verdict | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...runs.flatMap(renderRun),
    '',
    'Lost updates, counted after each run per visitor (acknowledged ≤ stored ≤ sent; requests still unanswered when',
    'autocannon stopped may land or not):',
    '',
    '| database | lost updates (must be 0) | units acknowledged (2xx, warm-up included) | unanswered at stop | units in the carts | units beyond those sent |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map((m) => `| ${m.database} | **${m.lost}** | ${m.expected} | ${m.inFlight} | ${m.stored} | ${m.invented} |`),
    '',
    'CPU time per request during each measured run (Linux /proc: the server process; every process named postgres;',
    'the bench process, where autocannon runs), and the share of both cores left idle:',
    '',
    '| database | run | server ms | PostgreSQL ms | autocannon ms | all ms | machine idle |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...runs.flatMap(renderCpu),
    '',
  ].join('\n');
}

/** Runs the benchmark on each configured database; answers the RESULTS.md section. */
export async function runApiCart(s = settingsFromEnv(), log) {
  const runs = [];
  for (const database of s.databases) runs.push(await measure(s, database, log));
  return renderSection(s, runs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { writeSections } = await import('../results.mjs');
  console.log(writeSections({ 'api-cart': await runApiCart() }, ['sdk-size', 'api-catalog', 'api-cart']));
}
