// bench/cluster (#23): the production shape under load. The cluster test's harness
// (packages/server/test/cluster/support/cluster.ts, loaded through tsx) starts a PostgreSQL primary and
// its streaming replica, three `vitrine serve --role web` processes of the built server and a worker;
// nginx sits in front of the first one, then of all three. Through it: a cached product read and
// add-to-cart (many visitors, one unit of a product each), beside a Fastify hello-world behind the same
// nginx configuration with as many processes. Needs Debian's postgresql and nginx packages and the built
// server (`npm run bench -- cluster` builds it first).
//
// Settings (env): BENCH_DURATION seconds per measurement (10), BENCH_CONNECTIONS (20), BENCH_WARMUP
// seconds (3), BENCH_VISITORS (50), BENCH_PRODUCTS (10).
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { loadSettingsFromEnv } from '../support/load-settings.mjs';
import { freePort, json, startChild, stopChild } from '../support/processes.mjs';

const HELLO = fileURLToPath(new URL('../api-catalog/hello.mjs', import.meta.url));
const HARNESS = '../../packages/server/test/cluster/support/cluster.ts';
const NGINX = '../../packages/server/test/cluster/support/nginx.ts';
const APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
const CLIENT_ID = 'bench-cluster';
/** The web process counts measured, each behind its own nginx. */
const PROCESS_COUNTS = [1, 3];

export function settingsFromEnv(env = process.env) {
  return {
    ...loadSettingsFromEnv(env, { duration: 10, connections: 20, warmup: 3 }),
    visitors: Number(env.BENCH_VISITORS ?? 50),
    products: Number(env.BENCH_PRODUCTS ?? 10),
  };
}

const post = (url, body, headers = {}) =>
  json(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** How many failed answers a measurement keeps as evidence (status and body). */
const FAILURES_KEPT = 5;

/**
 * autocannon for `duration` seconds; `shape(n)` makes the n-th request (path, headers, body). Answers
 * the figures and the first failed answers (time, status, body), so that a failure can be explained.
 */
async function cannon(base, s, duration, shape) {
  let next = 0;
  const failed = [];
  const setupRequest = (req) => {
    const made = shape(next++);
    return { ...req, ...made, headers: { ...req.headers, ...made.headers } };
  };
  const onResponse = (status, body) => {
    if (status < 400 || failed.length >= FAILURES_KEPT) return;
    failed.push({ at: new Date().toISOString(), status, body: String(body).slice(0, 1000) });
  };
  const requests = [shape ? { setupRequest, onResponse } : { onResponse }];
  const r = await autocannon({ url: base, connections: s.connections, duration, requests });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, failed };
}

/** A warm-up (not kept), then the measurement; failed answers are logged with their bodies. */
async function measured(base, s, shape, log) {
  if (s.warmup > 0) await cannon(base, s, s.warmup, shape);
  const r = await cannon(base, s, s.duration, shape);
  for (const failure of r.failed) log(`cluster: failed answer ${JSON.stringify(failure)}`);
  if (r.errors > 0) log(`cluster: ${r.errors} requests got no answer (connection errors or timeouts)`);
  return r;
}

/** Runs the benchmark; answers the figures for each process count. */
export async function measure(s, log = (line) => console.error(line)) {
  const { startCluster } = await tsImport(HARNESS, import.meta.url);
  const { startNginx } = await tsImport(NGINX, import.meta.url);
  // The default log level (request lines are debug: not written).
  const cluster = await startCluster({ webs: Math.max(...PROCESS_COUNTS), webEnv: { LOG_LEVEL: 'info' } });
  const hellos = [];
  const balancers = [];
  try {
    await cluster.cli(['clients', 'create', '--id', CLIENT_ID, '--name', 'Cluster bench', '--redirect-uri', 'http://127.0.0.1/callback']);
    const shop = cluster.balancer.url;
    const productIds = [];
    for (let i = 0; i < s.products; i++) {
      const { product } = await post(
        `${shop}/stores/v1/products`,
        { product: { name: `Bench mug ${i}`, priceData: { price: 5 + i } } },
        {
          authorization: cluster.apiKey,
        },
      );
      productIds.push(product.id);
    }
    const tokens = [];
    for (let i = 0; i < s.visitors; i++)
      tokens.push((await post(`${shop}/oauth2/token`, { grantType: 'anonymous', clientId: CLIENT_ID })).access_token);
    await cluster.pair.waitForReplay();

    for (let i = 0; i < Math.max(...PROCESS_COUNTS); i++) {
      const port = await freePort();
      hellos.push({ port, child: await startChild([HELLO], { ...process.env, PORT: String(port) }, /listening on/, 'hello') });
    }
    const read = (n) => ({
      method: 'GET',
      path: `/stores-reader/v1/products/${productIds[n % productIds.length]}`,
      headers: { authorization: tokens[n % tokens.length] },
    });
    const add = (n) => ({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      headers: { authorization: tokens[n % tokens.length], 'content-type': 'application/json' },
      body: JSON.stringify({
        lineItems: [{ catalogReference: { catalogItemId: productIds[n % productIds.length], appId: APP_ID }, quantity: 1 }],
      }),
    });
    // A fresh process answers its first seconds of load several times slower (code not yet optimised
    // by V8): every process is warmed directly before any figure is taken.
    for (const web of cluster.webs) for (const shape of [read, add]) await cannon(web.url, s, s.warmup, shape);

    const webPorts = cluster.webs.map((w) => Number(new URL(w.url).port));
    const rows = [];
    for (const count of PROCESS_COUNTS) {
      const vitrine = count === webPorts.length ? cluster.balancer : await startNginx(await freePort(), webPorts.slice(0, count));
      const hello = await startNginx(
        await freePort(),
        hellos.slice(0, count).map((h) => h.port),
      );
      balancers.push(hello);
      if (vitrine !== cluster.balancer) balancers.push(vitrine);
      const helloRun = await measured(hello.url, s, undefined, log);
      log(`cluster: ${count} hello-world: ${Math.round(helloRun.rps)} req/s`);
      const reads = await measured(vitrine.url, s, read, log);
      log(`cluster: ${count} web, product read: ${Math.round(reads.rps)} req/s`);
      const adds = await measured(vitrine.url, s, add, log);
      log(`cluster: ${count} web, add-to-cart: ${Math.round(adds.rps)} req/s`);
      rows.push({ count, hello: helloRun, read: reads, add: adds });
    }
    return rows;
  } finally {
    for (const balancer of balancers) await balancer.stop();
    for (const hello of hellos) await stopChild(hello.child);
    await cluster.stop();
  }
}

const perSecond = (r) => `${Math.round(r.rps)}`;
const ratio = (a, b) => (b.rps > 0 ? (a.rps / b.rps).toFixed(2) : '–');
const failures = (r) => r.non2xx + r.errors;

/** The RESULTS.md section: throughput by process count, and what it says about more cores. */
export function renderSection(s, rows) {
  const [one, many] = [rows[0], rows.at(-1)];
  const scale = (pick) => ratio(pick(many), pick(one));
  const lines = [
    '## cluster',
    '',
    `Measured on ${new Date().toISOString()} (Node ${process.version}, ${availableParallelism()} cores: ${cpus()[0]?.model ?? 'unknown'}).`,
    "The production shape on one machine (the cluster test's harness): a PostgreSQL primary and its streaming replica,",
    '`vitrine serve --role web` processes of the built server (default log level) and a worker, nginx in front',
    `(docs/DEPLOY.md's configuration). ${s.connections} connections, ${s.duration} s per figure after ${s.warmup} s of warm-up;`,
    `a cached product read (${s.products} products, a visitor token) and add-to-cart (${s.visitors} visitors, one unit a request),`,
    'beside a Fastify hello-world behind the same nginx configuration with as many processes.',
    '',
    '| web processes | hello-world req/s | product read req/s (of hello) | p99 ms | add-to-cart req/s (of hello) | p99 ms | failed |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.count} | ${perSecond(r.hello)} | ${perSecond(r.read)} (${ratio(r.read, r.hello)}) | ${r.read.p99} | ${perSecond(r.add)} (${ratio(r.add, r.hello)}) | ${r.add.p99} | ${failures(r.read) + failures(r.add)} |`,
    ),
    '',
    `From ${one.count} to ${many.count} web processes: hello-world ×${scale((r) => r.hello)}, product read ×${scale((r) => r.read)}, add-to-cart ×${scale((r) => r.add)}.`,
    `On this machine the load generator, nginx, PostgreSQL (primary and replica) and the processes share ${availableParallelism()} cores, so`,
    'more processes than cores only split the same CPU (a ratio near 1 or below is the expected result here); one process',
    'already uses a core. On a machine with more cores each added web process brings up to one core of its own: reads, which',
    'touch the database only on a cache miss, should grow close to linearly with processes until nginx or the network is the',
    'limit; add-to-cart is bounded by the primary (each write is a transaction), so it grows until PostgreSQL is the limit.',
  ];
  return lines.join('\n');
}

export async function runCluster(s = settingsFromEnv(), log) {
  return renderSection(s, await measure(s, log));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { writeSections } = await import('../results.mjs');
  console.log(writeSections({ cluster: await runCluster() }));
}
