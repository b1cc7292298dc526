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
import { cpuSeconds, perRequest } from './cpu-use.mjs';

const HELLO = fileURLToPath(new URL('../api-catalog/hello.mjs', import.meta.url));
const HARNESS = '../../packages/server/test/cluster/support/cluster.ts';
const NGINX = '../../packages/server/test/cluster/support/nginx.ts';
const APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';
const CLIENT_ID = 'bench-cluster';
/**
 * nginx as docs/DEPLOY.md configures it, but for autocannon: with nginx's default `keepalive_requests`
 * (1000) a few of the connections it closes reset a request autocannon had already sent (ECONNRESET,
 * measured with hello-world alone: 11 of 390k requests in 30 s; none of 840k at this setting), which
 * the table would count as failures of the processes behind nginx.
 */
const BALANCER = { keepaliveRequests: 1_000_000 };
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
 * autocannon for `duration` seconds; `shape(index)` makes the request of that index (path, headers, body). Answers
 * the figures and the first failures (time, and status and body, or the connection's error), so that a failure can be explained.
 */
async function cannon(base, settings, duration, shape) {
  let next = 0;
  const failed = [];
  const setupRequest = (request) => {
    const made = shape(next++);
    return { ...request, ...made, headers: { ...request.headers, ...made.headers } };
  };
  const onResponse = (status, body) => {
    if (status < 400 || failed.length >= FAILURES_KEPT) return;
    failed.push({ at: new Date().toISOString(), status, body: String(body).slice(0, 1000) });
  };
  const requests = [shape ? { setupRequest, onResponse } : { onResponse }];
  const running = autocannon({ url: base, connections: settings.connections, duration, requests });
  // a request without an answer: the connection's error (its code) or autocannon's timeout
  running.on('reqError', (error) => {
    if (failed.length < FAILURES_KEPT) failed.push({ at: new Date().toISOString(), error: error.code ?? error.message });
  });
  const result = await running;
  // autocannon's `errors` include its timeouts
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    failed,
  };
}

/**
 * A warm-up (not kept), then the measurement; failed answers are logged with their bodies. `watch`:
 * the process groups whose CPU each request cost (`groups`: name → root pids) and, for Vitrine, the
 * connections its pools handed out so far (`acquired()`: one per statement or transaction).
 */
async function measured(base, settings, shape, label, log, watch) {
  if (settings.warmup > 0) await cannon(base, settings, settings.warmup, shape);
  const [cpuBefore, acquiredBefore] = [cpuSeconds(watch.groups), await watch.acquired?.()];
  const figures = await cannon(base, settings, settings.duration, shape);
  const [cpuAfter, acquiredAfter] = [cpuSeconds(watch.groups), await watch.acquired?.()];
  const requests = figures.rps * settings.duration;
  figures.cpu = perRequest(cpuBefore, cpuAfter, requests);
  if (acquiredBefore !== undefined) figures.roundTrips = (acquiredAfter - acquiredBefore) / requests;
  for (const failure of figures.failed) log(`cluster: ${label}: failed ${JSON.stringify(failure)}`);
  log(
    `cluster: ${label}: ${Math.round(figures.rps)} req/s, CPU ms a request ${JSON.stringify(figures.cpu, (_, value) => (typeof value === 'number' ? Number(value.toFixed(3)) : value))}${figures.roundTrips === undefined ? '' : `, ${figures.roundTrips.toFixed(2)} database round trips a request`}`,
  );
  return figures;
}

/** Connections the primary pools of these processes handed out since they started (their /metrics). */
async function acquiredBy(urls) {
  const texts = await Promise.all(urls.map(async (url) => (await fetch(`${url}/metrics`)).text()));
  const line = /^vitrine_db_pool_acquired_total\{pool="primary"\} (\d+)/m;
  return texts.reduce((sum, text) => sum + Number(line.exec(text)?.[1] ?? Number.NaN), 0);
}

/** Runs the benchmark; answers the figures for each process count. */
export async function measure(settings, log = (line) => console.error(line)) {
  const { startCluster } = await tsImport(HARNESS, import.meta.url);
  const { startNginx } = await tsImport(NGINX, import.meta.url);
  // The default log level (request lines are debug: not written).
  const cluster = await startCluster({ webs: Math.max(...PROCESS_COUNTS), webEnv: { LOG_LEVEL: 'info' }, balancer: BALANCER });
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
    const postmasters = await cluster.pair.postmasterPids();

    for (let i = 0; i < Math.max(...PROCESS_COUNTS); i++) {
      const port = await freePort();
      hellos.push({ port, child: await startChild([HELLO], { ...process.env, PORT: String(port) }, /listening on/, 'hello') });
    }
    const read = (index) => ({
      method: 'GET',
      path: `/stores-reader/v1/products/${productIds[index % productIds.length]}`,
      headers: { authorization: tokens[index % tokens.length] },
    });
    const add = (index) => ({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      headers: { authorization: tokens[index % tokens.length], 'content-type': 'application/json' },
      body: JSON.stringify({
        lineItems: [{ catalogReference: { catalogItemId: productIds[index % productIds.length], appId: APP_ID }, quantity: 1 }],
      }),
    });
    // A fresh process answers its first seconds of load several times slower (code not yet optimised
    // by V8): every process is warmed directly before any figure is taken.
    for (const web of cluster.webs) for (const shape of [read, add]) await cannon(web.url, settings, settings.warmup, shape);

    const webPorts = cluster.webs.map((w) => Number(new URL(w.url).port));
    const rows = [];
    for (const count of PROCESS_COUNTS) {
      const vitrine = count === webPorts.length ? cluster.balancer : await startNginx(await freePort(), webPorts.slice(0, count), BALANCER);
      const hello = await startNginx(
        await freePort(),
        hellos.slice(0, count).map((h) => h.port),
        BALANCER,
      );
      balancers.push(hello);
      if (vitrine !== cluster.balancer) balancers.push(vitrine);
      const webs = cluster.webs.slice(0, count);
      const vitrineWatch = {
        groups: {
          web: webs.map((w) => w.serve.child.pid),
          worker: cluster.workers.map((w) => w.child.pid),
          postgres: postmasters,
          nginx: [vitrine.pid],
        },
        acquired: () => acquiredBy(webs.map((w) => w.url)),
      };
      const helloWatch = { groups: { web: hellos.slice(0, count).map((h) => h.child.pid), nginx: [hello.pid] } };
      const helloRun = await measured(hello.url, settings, undefined, `${count} hello-world`, log, helloWatch);
      const reads = await measured(vitrine.url, settings, read, `${count} web, product read`, log, vitrineWatch);
      const adds = await measured(vitrine.url, settings, add, `${count} web, add-to-cart`, log, vitrineWatch);
      const row = { count, hello: helloRun, read: reads, add: adds };
      if (count === webPorts.length) {
        // the same writes spread round-robin: what hashing on the shopper's token saves
        const roundRobin = await startNginx(await freePort(), webPorts, { ...BALANCER, balancing: 'round-robin' });
        balancers.push(roundRobin);
        const watch = { ...vitrineWatch, groups: { ...vitrineWatch.groups, nginx: [roundRobin.pid] } };
        row.addRoundRobin = await measured(roundRobin.url, settings, add, `${count} web round-robin, add-to-cart`, log, watch);
      }
      rows.push(row);
    }
    return rows;
  } finally {
    for (const balancer of balancers) await balancer.stop();
    for (const hello of hellos) await stopChild(hello.child);
    await cluster.stop();
  }
}

const perSecond = (figures) => `${Math.round(figures.rps)}`;
const ratio = (figures, baseline) => (baseline.rps > 0 ? (figures.rps / baseline.rps).toFixed(2) : '–');
const failures = (figures) => figures.non2xx + figures.errors;
const cpuMs = (ms) => (ms === undefined ? '–' : ms.toFixed(3));
/** The round-robin add-to-cart's figures beside the hashed one's, for the text. */
const roundRobinFigures = (row) =>
  row.addRoundRobin
    ? `${perSecond(row.addRoundRobin)} req/s against ${perSecond(row.add)}, ${row.addRoundRobin.roundTrips.toFixed(2)} round trips and ${cpuMs(row.addRoundRobin.cpu.web)} ms of web CPU a request`
    : 'not measured';

/** The RESULTS.md section: throughput by process count, and what it says about more cores. */
export function renderSection(settings, rows) {
  const [one, many] = [rows[0], rows.at(-1)];
  const scale = (pick) => ratio(pick(many), pick(one));
  const growth = (pick) => (pick(one) > 0 ? (pick(many) / pick(one)).toFixed(2) : '–');
  const lines = [
    '## cluster',
    '',
    `Measured on ${new Date().toISOString()} (Node ${process.version}, ${availableParallelism()} cores: ${cpus()[0]?.model ?? 'unknown'}).`,
    "The production shape on one machine (the cluster test's harness): a PostgreSQL primary and its streaming replica,",
    '`vitrine serve --role web` processes of the built server (default log level) and a worker, nginx in front',
    `(docs/DEPLOY.md's configuration). ${settings.connections} connections, ${settings.duration} s per figure after ${settings.warmup} s of warm-up;`,
    `a cached product read (${settings.products} products, a visitor token) and add-to-cart (${settings.visitors} visitors, one unit a request),`,
    'beside a Fastify hello-world behind the same nginx configuration with as many processes. nginx carries up to a million',
    "requests on one of autocannon's connections (`keepalive_requests`; its default 1000 resets a few requests autocannon",
    'sends as nginx closes: failures of the load generator, not of the processes). A failure is logged with its answer.',
    '',
    '| web processes | hello-world req/s | product read req/s (of hello) | p99 ms | add-to-cart req/s (of hello) | p99 ms | failed |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.count} | ${perSecond(row.hello)} | ${perSecond(row.read)} (${ratio(row.read, row.hello)}) | ${row.read.p99} | ${perSecond(row.add)} (${ratio(row.add, row.hello)}) | ${row.add.p99} | ${failures(row.read) + failures(row.add)} |`,
    ),
    '',
    `From ${one.count} to ${many.count} web processes: hello-world ×${scale((row) => row.hello)}, product read ×${scale((row) => row.read)}, add-to-cart ×${scale((row) => row.add)}.`,
    '',
    'Where the time goes: CPU milliseconds a request of each part (from /proc: the web processes, or the hello-world',
    "processes; the worker; PostgreSQL's primary and replica with their backends; nginx), and the database round trips a request",
    "(connections the web processes' pools handed out, from their /metrics: one per statement or transaction).",
    '',
    '| web processes | measurement | req/s | web CPU ms | worker CPU ms | PostgreSQL CPU ms | nginx CPU ms | round trips |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.flatMap((row) =>
      [
        ['hello-world', row.hello],
        ['product read', row.read],
        ['add-to-cart', row.add],
        ...(row.addRoundRobin ? [['add-to-cart, nginx round-robin', row.addRoundRobin]] : []),
      ].map(
        ([name, figures]) =>
          `| ${row.count} | ${name} | ${perSecond(figures)} | ${cpuMs(figures.cpu.web)} | ${cpuMs(figures.cpu.worker)} | ${cpuMs(figures.cpu.postgres)} | ${cpuMs(figures.cpu.nginx)} | ${figures.roundTrips === undefined ? '–' : figures.roundTrips.toFixed(2)} |`,
      ),
    ),
    '',
    `On this machine the load generator, nginx, PostgreSQL (primary and replica) and the processes share ${availableParallelism()} cores, so`,
    'more processes than cores only split the same CPU: one process already uses a core, and throughput can only fall as',
    'each request costs more CPU. It does: with more processes than cores each process is woken for fewer requests at a',
    `time and they preempt one another, so the CPU a request costs grows for any server (hello-world's ×${growth((row) => row.hello.cpu.web)}`,
    `here, Vitrine's product read ×${growth((row) => row.read.cpu.web)}, add-to-cart ×${growth((row) => row.add.cpu.web)}). Add-to-cart's round trips stay near one`,
    'because nginx keeps a shopper on one process (docs/DEPLOY.md, "nginx"), where its cart is remembered; spread',
    `round-robin (${roundRobinFigures(many)}) the remembered copy is usually stale: the`,
    'compare-and-swap fails, and the write reads the cart and plans again (three round trips instead of one).',
    'On a machine with more cores each added web process brings up to one core of its own:',
    'reads, which touch the database only on a cache miss, should grow close to linearly with processes until nginx or the',
    'network is the limit; add-to-cart is bounded by the primary (each write is a transaction), so it grows until PostgreSQL',
    'is the limit.',
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
