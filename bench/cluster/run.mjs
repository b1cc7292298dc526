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

/** autocannon for `duration` seconds; `shape(n)` makes the n-th request (path, headers, body). */
async function cannon(base, settings, duration, shape) {
  let next = 0;
  const setupRequest = (req) => {
    const made = shape(next++);
    return { ...req, ...made, headers: { ...req.headers, ...made.headers } };
  };
  const request = shape ? [{ setupRequest }] : undefined;
  const result = await autocannon({ url: base, connections: settings.connections, duration, ...(request ? { requests: request } : {}) });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A warm-up (not kept), then the measurement. */
async function measured(base, settings, shape) {
  if (settings.warmup > 0) await cannon(base, settings, settings.warmup, shape);
  return cannon(base, settings, settings.duration, shape);
}

/** Runs the benchmark; answers the figures for each process count. */
export async function measure(settings, log = (line) => console.error(line)) {
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
    for (let i = 0; i < settings.products; i++) {
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
    for (let i = 0; i < settings.visitors; i++)
      tokens.push((await post(`${shop}/oauth2/token`, { grantType: 'anonymous', clientId: CLIENT_ID })).access_token);
    await cluster.pair.waitForReplay();

    for (let i = 0; i < Math.max(...PROCESS_COUNTS); i++) {
      const port = await freePort();
      hellos.push({ port, child: await startChild([HELLO], { ...process.env, PORT: String(port) }, /listening on/, 'hello') });
    }
    const read = (sequence) => ({
      method: 'GET',
      path: `/stores-reader/v1/products/${productIds[sequence % productIds.length]}`,
      headers: { authorization: tokens[sequence % tokens.length] },
    });
    const add = (sequence) => ({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      headers: { authorization: tokens[sequence % tokens.length], 'content-type': 'application/json' },
      body: JSON.stringify({
        lineItems: [{ catalogReference: { catalogItemId: productIds[sequence % productIds.length], appId: APP_ID }, quantity: 1 }],
      }),
    });
    // A fresh process answers its first seconds of load several times slower (code not yet optimised
    // by V8): every process is warmed directly before any figure is taken.
    for (const web of cluster.webs) for (const shape of [read, add]) await cannon(web.url, settings, settings.warmup, shape);

    const webPorts = cluster.webs.map((web) => Number(new URL(web.url).port));
    const rows = [];
    for (const count of PROCESS_COUNTS) {
      const vitrine = count === webPorts.length ? cluster.balancer : await startNginx(await freePort(), webPorts.slice(0, count));
      const hello = await startNginx(
        await freePort(),
        hellos.slice(0, count).map((helloServer) => helloServer.port),
      );
      balancers.push(hello);
      if (vitrine !== cluster.balancer) balancers.push(vitrine);
      const helloRun = await measured(hello.url, settings);
      log(`cluster: ${count} hello-world: ${Math.round(helloRun.rps)} req/s`);
      const reads = await measured(vitrine.url, settings, read);
      log(`cluster: ${count} web, product read: ${Math.round(reads.rps)} req/s`);
      const adds = await measured(vitrine.url, settings, add);
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

const perSecond = (result) => `${Math.round(result.rps)}`;
const ratio = (candidate, baseline) => (baseline.rps > 0 ? (candidate.rps / baseline.rps).toFixed(2) : '–');
const failures = (result) => result.non2xx + result.errors;

/** The RESULTS.md section: throughput by process count, and what it says about more cores. */
export function renderSection(settings, rows) {
  const [one, many] = [rows[0], rows.at(-1)];
  const scale = (pick) => ratio(pick(many), pick(one));
  const lines = [
    '## cluster',
    '',
    `Measured on ${new Date().toISOString()} (Node ${process.version}, ${availableParallelism()} cores: ${cpus()[0]?.model ?? 'unknown'}).`,
    "The production shape on one machine (the cluster test's harness): a PostgreSQL primary and its streaming replica,",
    '`vitrine serve --role web` processes of the built server (default log level) and a worker, nginx in front',
    `(docs/DEPLOY.md's configuration). ${settings.connections} connections, ${settings.duration} s per figure after ${settings.warmup} s of warm-up;`,
    `a cached product read (${settings.products} products, a visitor token) and add-to-cart (${settings.visitors} visitors, one unit a request),`,
    'beside a Fastify hello-world behind the same nginx configuration with as many processes.',
    '',
    '| web processes | hello-world req/s | product read req/s (of hello) | p99 ms | add-to-cart req/s (of hello) | p99 ms | failed |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.count} | ${perSecond(row.hello)} | ${perSecond(row.read)} (${ratio(row.read, row.hello)}) | ${row.read.p99} | ${perSecond(row.add)} (${ratio(row.add, row.hello)}) | ${row.add.p99} | ${failures(row.read) + failures(row.add)} |`,
    ),
    '',
    `From ${one.count} to ${many.count} web processes: hello-world ×${scale((row) => row.hello)}, product read ×${scale((row) => row.read)}, add-to-cart ×${scale((row) => row.add)}.`,
    `On this machine the load generator, nginx, PostgreSQL (primary and replica) and the processes share ${availableParallelism()} cores, so`,
    'more processes than cores only split the same CPU (a ratio near 1 or below is the expected result here); one process',
    'already uses a core. On a machine with more cores each added web process brings up to one core of its own: reads, which',
    'touch the database only on a cache miss, should grow close to linearly with processes until nginx or the network is the',
    'limit; add-to-cart is bounded by the primary (each write is a transaction), so it grows until PostgreSQL is the limit.',
  ];
  return lines.join('\n');
}

export async function runCluster(settings = settingsFromEnv(), log) {
  return renderSection(settings, await measure(settings, log));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { writeSections } = await import('../results.mjs');
  console.log(writeSections({ cluster: await runCluster() }));
}
