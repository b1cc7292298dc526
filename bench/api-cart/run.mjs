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
import { MAIN, startBuiltServer } from '../support/built-server.mjs';
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
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`vitrine ${args.join(' ')} failed (${code}):\n${out}`))));
  });
}

const post = (url, body, headers = {}) =>
  json(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Products through the merchant API (the same on PGlite and PostgreSQL). */
async function createProducts(base, apiKey, count) {
  const ids = [];
  for (let i = 0; i < count; i++) {
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
async function visitorTokens(base, clientId, count) {
  const tokens = [];
  while (tokens.length < count) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - tokens.length) }, () => post(`${base}/oauth2/token`, { grantType: 'anonymous', clientId })),
    );
    tokens.push(...batch.map((issued) => issued.access_token));
  }
  return tokens;
}

/**
 * autocannon over many visitors: each request takes the next visitor and product; `onAdded` hears
 * every 2xx answer with the visitor and product it was for.
 */
async function load(base, settings, duration, request) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: settings.connections,
    duration,
    requests: [
      {
        method: request.method ?? 'POST',
        setupRequest: (req, context) => {
          const sequence = next++;
          const shaped = request.shape(sequence);
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
  return loadFigures(result, settings.connections);
}

async function hello(base, settings) {
  const result = await autocannon({ url: base, connections: settings.connections, duration: settings.duration });
  return {
    total: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    avg: result.latency.average,
    mean: (settings.connections / result.requests.average) * 1000,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
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
export async function measure(settings, database, log = (line) => console.error(line)) {
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
    const hellos = [await withCpu(helloPid, () => hello(helloBase, settings))];
    log(`api-cart: hello-world ${Math.round(hellos[0].rps)} req/s`);

    // postgres: the floor of any durable write here (durable-write.mjs), measured before the server starts
    let floor;
    if (database === 'postgres') {
      const probePort = await freePort();
      const probe = await startChild([DURABLE_WRITE], { ...env, PORT: String(probePort) }, /listening on/, 'durable-write');
      children.push(probe);
      floor = await withCpu(probe.pid, () => hello(`http://127.0.0.1:${probePort}`, settings));
      await stopChild(probe);
      log(`api-cart: one durable write per request ${Math.round(floor.rps)} req/s`);
    }

    const db = await prepareDatabase(database, env, dir);
    const port = await freePort();
    // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops.
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const server = await startBuiltServer(['--port', String(port), '--host', '127.0.0.1', ...db.serveArgs], env, { nodeFlags: prof });
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    const products = await createProducts(base, apiKey, settings.products);
    const tokens = await visitorTokens(base, db.clientId, settings.visitors);
    log(`api-cart: ${products.length} products, ${tokens.length} visitors on ${database}`);

    // add-to-cart: request number `sequence` is sent by visitor sequence % V and adds product (sequence / V) % L, first
    // with L = 3 (carts of 3 lines), then with L = every product (carts grow to that many lines); acknowledged units
    // counted per visitor over both runs.
    const acknowledged = new Array(tokens.length).fill(0);
    const sent = new Array(tokens.length).fill(0);
    const addTo = (lines) => ({
      onSent: (visitor) => sent[visitor]++,
      shape: (sequence) => {
        const visitor = sequence % tokens.length;
        const productId = products[Math.floor(sequence / tokens.length) % lines];
        const body = JSON.stringify({ lineItems: [{ catalogReference: { catalogItemId: productId, appId: APP_ID }, quantity: 1 }] });
        return { tag: visitor, token: tokens[visitor], path: '/ecom/v1/carts/current/add-to-cart', body };
      },
      onOk: (visitor) => acknowledged[visitor]++,
    });
    const adds = [];
    for (const lines of [Math.min(SMALL_CART_LINES, products.length), products.length]) {
      const add = addTo(lines);
      if (settings.warmup > 0) await load(base, settings, settings.warmup, add);
      const result = await withCpu(server.pid, () => load(base, settings, settings.duration, add));
      adds.push({ lines, ...result });
      log(`api-cart: add-to-cart (carts of ${lines} lines) ${Math.round(result.rps)} req/s`);
      hellos.push(await withCpu(helloPid, () => hello(helloBase, settings)));
    }

    const estimateBody = JSON.stringify({
      shippingAddress: { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' },
    });
    const estimate = {
      shape: (sequence) => ({
        tag: sequence,
        token: tokens[sequence % tokens.length],
        path: '/ecom/v1/carts/current/estimate-totals',
        body: estimateBody,
      }),
    };
    if (settings.warmup > 0) await load(base, settings, settings.warmup, estimate);
    const estimateResult = await withCpu(server.pid, () => load(base, settings, settings.duration, estimate));
    log(`api-cart: estimate-totals ${Math.round(estimateResult.rps)} req/s`);
    hellos.push(await withCpu(helloPid, () => hello(helloBase, settings)));

    // Lost updates, per visitor: every acknowledged unit must be stored (stored ≥ acknowledged), and nothing
    // beyond what was sent (stored ≤ sent: requests still in flight when autocannon stopped may have landed).
    let stored = 0;
    let lost = 0;
    let invented = 0;
    for (const [visitor, token] of tokens.entries()) {
      const response = await fetch(`${base}/ecom/v1/carts/current`, { headers: { authorization: token } });
      const units = response.status === 404 ? 0 : (await response.json()).cart.lineItems.reduce((sum, line) => sum + line.quantity, 0);
      stored += units;
      lost += Math.max(0, acknowledged[visitor] - units);
      invented += Math.max(0, units - sent[visitor]);
    }
    const expected = acknowledged.reduce((total, count) => total + count, 0);
    const inFlight = sent.reduce((total, count) => total + count, 0) - expected;
    log(
      `api-cart: ${expected} units acknowledged, ${inFlight} unanswered at the end of a run, ${stored} stored, ${lost} lost, ${invented} invented`,
    );
    const helloMean = hellos.reduce((sum, run) => sum + run.rps, 0) / hellos.length;
    return { database, hellos, helloMean, floor, adds, estimate: estimateResult, expected, inFlight, stored, lost, invented };
  } finally {
    for (const child of children) await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** The table of one database: each run's throughput, beside hello-world and the durable-write floor. */
function renderRun(measured) {
  const share = (result, baseline) => (baseline ? `${fmt((result.rps / baseline) * 100, 1)}%` : '–');
  const row = (label, result, target) => {
    let verdict = '| | |';
    if (target) {
      const ok = measured.floor && result.rps / measured.floor.rps >= TARGET_OF_FLOOR && result.non2xx === 0 && result.errors === 0;
      verdict = measured.floor
        ? `| ≥ ${TARGET_OF_FLOOR * 100}% of the floor | ${ok ? 'met' : '**not met**'} |`
        : `| ≥ ${TARGET_OF_FLOOR * 100}% of the floor | no floor on this database |`;
    }
    return `| ${measured.database} | ${label} | ${fmt(result.rps)} | ${result.p50} | ${result.p99} | ${fmt(result.avg, 2)} | ${fmt(result.mean, 2)} | ${share(result, measured.helloMean)} | ${share(result, measured.floor?.rps)} ${verdict} ${result.non2xx + result.errors} |`;
  };
  const firstHello = measured.hellos[0];
  return [
    `| ${measured.database} | Fastify hello-world (mean of ${measured.hellos.map((x) => fmt(x.rps)).join(', ')}) | ${fmt(measured.helloMean)} | ${firstHello.p50} | ${firstHello.p99} | ${fmt(firstHello.avg, 2)} | ${fmt(firstHello.mean, 2)} | 100% | | | | 0 |`,
    ...(measured.floor ? [row('floor: one durable UPDATE per request, nothing else (durable-write.mjs)', measured.floor, false)] : []),
    ...measured.adds.map((add) => row(`POST add-to-cart, carts of ${add.lines} lines`, add, add.lines === SMALL_CART_LINES)),
    row(`POST estimate-totals, carts of ${measured.adds.at(-1).lines} lines`, measured.estimate, false),
  ];
}

const milliseconds = (value) => fmt(value, 3);

/** The mean of the hello-world runs' CPU per request. */
function helloCpu(measured) {
  const cpus = measured.hellos.map((run) => run.cpu).filter(Boolean);
  if (!cpus.length) return undefined;
  const mean = (k) => cpus.reduce((sum, cpu) => sum + cpu[k], 0) / cpus.length;
  return { serverMs: mean('serverMs'), postgresMs: mean('postgresMs'), loadMs: mean('loadMs'), idleShare: mean('idleShare') };
}

/** CPU per request of each phase (support/cpu.mjs). */
function renderCpu(measured) {
  const row = (label, cpu) =>
    cpu
      ? `| ${measured.database} | ${label} | ${milliseconds(cpu.serverMs)} | ${milliseconds(cpu.postgresMs)} | ${milliseconds(cpu.loadMs)} | ${milliseconds(cpu.serverMs + cpu.postgresMs + cpu.loadMs)} | ${fmt(cpu.idleShare * 100, 0)}% |`
      : `| ${measured.database} | ${label} | – | – | – | – | – |`;
  return [
    row('Fastify hello-world (mean of the runs)', helloCpu(measured)),
    ...(measured.floor ? [row('floor: one durable UPDATE', measured.floor.cpu)] : []),
    ...measured.adds.map((add) => row(`POST add-to-cart, carts of ${add.lines} lines`, add.cpu)),
    row('POST estimate-totals', measured.estimate.cpu),
  ];
}

/** The `## api-cart` section of bench/RESULTS.md. */
export function renderSection(settings, runs, when = new Date()) {
  return [
    '## api-cart',
    '',
    `Measured on ${when.toISOString()} (Node ${process.version}; ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, shared by the`,
    'server, PostgreSQL, the hello-world and autocannon, and by whatever else the machine runs). Run with',
    '`npm run bench -- api-cart` (over PostgreSQL when DATABASE_URL is set; BENCH_DATABASES=pglite,postgres runs both).',
    '',
    `Settings: ${settings.visitors} visitors, ${settings.products} products, autocannon ${settings.connections} connections, ${settings.duration} s per endpoint after a`,
    `${settings.warmup} s warm-up, loopback; \`vitrine serve\` from the built dist, LOG_LEVEL=warn. pglite: a fresh embedded data dir (one`,
    'connection: every transaction queues behind the previous one); postgres: DATABASE_URL (pool of 10), migrated by the run.',
    'add-to-cart runs twice: request n is visitor n mod V adding 1 unit of product ⌊n / V⌋ mod L, first with L = 3 (carts of',
    `3 lines: after each visitor's first three adds, every add raises a quantity), then with L = ${settings.products} (carts grow to ${settings.products} lines);`,
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
    ...runs.map(
      (measured) =>
        `| ${measured.database} | **${measured.lost}** | ${measured.expected} | ${measured.inFlight} | ${measured.stored} | ${measured.invented} |`,
    ),
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
export async function runApiCart(settings = settingsFromEnv(), log) {
  const runs = [];
  for (const database of settings.databases) runs.push(await measure(settings, database, log));
  return renderSection(settings, runs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { writeSections } = await import('../results.mjs');
  console.log(writeSections({ 'api-cart': await runApiCart() }, ['sdk-size', 'api-catalog', 'api-cart']));
}
