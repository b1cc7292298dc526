// bench/api-catalog (issue #4 "Benchmark"): catalogue reads of the real server under load, beside a
// Fastify hello-world measured in the same run. For each catalogue size: a fresh embedded data dir in a
// temp folder, the built server (`packages/server/dist/main.js serve`) in a child process on a free
// loopback port, a visitor token from /oauth2/token, a warm-up, then autocannon against each endpoint.
// Needs the built server: `npm run bench` builds it first (`npm run build`).
//
// Settings (env): BENCH_SIZES (default "1000,100000,demo": generated catalogues of those sizes, and "demo", the
// demo shop `vitrine serve` seeds, served with the default settings), BENCH_DURATION seconds per endpoint (10),
// BENCH_CONNECTIONS (10), BENCH_WARMUP seconds per endpoint (3), BENCH_CACHE_OFF=1 to run the server
// without its catalogue cache (CATALOG_CACHE_SIZE=0) for a before/after comparison.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { MAIN, startBuiltServer } from '../support/built-server.mjs';
import { listFromEnv, loadFigures, loadSettingsFromEnv } from '../support/load-settings.mjs';
import { freePort, json, startChild, stopChild } from '../support/processes.mjs';
import { generateCatalog } from './generate.mjs';

const HELLO = fileURLToPath(new URL('./hello.mjs', import.meta.url));
/** The OAuth client `serve` registers on an embedded database. */
const CLIENT_ID = 'demo';

/** The catalogue "size" that stands for the demo shop: its real products (options, media, sections; ~2.3 kB each). */
const DEMO = 'demo';

/** Issue #4's targets: ratios to hello-world's req/s, and the 100k-vs-1k slowdown of req/s. */
export const TARGETS = { hotRead: 0.5, query: 0.25, slowdown: 1.5 };

/** The settings of a run, from the environment. */
export function settingsFromEnv(env = process.env) {
  return {
    sizes: listFromEnv(env, 'BENCH_SIZES', '1000,100000,demo').map((size) => (size === DEMO ? DEMO : Number(size))),
    ...loadSettingsFromEnv(env, { duration: 10, connections: 10, warmup: 3 }),
    cache: env.BENCH_CACHE_OFF === '1' ? 'off' : 'on',
  };
}

/** Whether the built CLI has the colleague's `vitrine seed --generate N`. */
function cliCanGenerate() {
  const help = spawnSync(process.execPath, [MAIN, 'seed', '--help'], { encoding: 'utf8' });
  return /--generate/.test(`${help.stdout}${help.stderr}`);
}

/** Fills `dataDir` with `count` products: `vitrine seed --generate` when it exists, else generate.mjs. */
async function fillCatalog(dataDir, count, env) {
  if (cliCanGenerate()) {
    const seeded = spawnSync(process.execPath, [MAIN, 'seed', '--generate', String(count), '--data-dir', dataDir], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (seeded.status !== 0) throw new Error(`vitrine seed --generate ${count} failed (${seeded.status}):\n${seeded.stderr}`);
    return 'vitrine seed --generate';
  }
  await generateCatalog(dataDir, count);
  return 'bench/api-catalog/generate.mjs';
}

const dotR = (payload) => `.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;

/** The lowest and highest listed price (`price` sorts and filters by the lowest variant price). */
async function priceBounds(base, headers) {
  const first = async (order) => {
    const page = await json(
      `${base}/stores-reader/v1/products/query-platformized?${dotR({ query: { sort: [{ fieldName: 'price', order }], paging: { limit: 1 } } })}`,
      { headers },
    );
    return page.products[0].priceRange.minValue;
  };
  return [await first('ASC'), await first('DESC')];
}

/**
 * What the load reads: up to 1000 visible product ids, every visible collection (by slug), and for
 * each collection five price ranges (fractions of the catalogue's price span) sorted by price.
 */
async function workload(base, headers) {
  const productIds = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await json(`${base}/stores-reader/v1/products/query-platformized?${dotR({ query: { paging: { limit: 100, offset } } })}`, {
      headers,
    });
    productIds.push(...page.products.map((product) => product.id));
    if (page.products.length < 100) break;
  }
  const { collections } = await json(`${base}/v2/collections/query?${dotR({ query: { paging: { limit: 100 } } })}`, { headers });
  const [low, high] = await priceBounds(base, headers);
  const at = (fraction) => Math.round((low + (high - low) * fraction) * 100) / 100;
  const ranges = [
    [0.05, 0.3],
    [0.2, 0.5],
    [0.4, 0.6],
    [0.5, 0.9],
    [0, 1],
  ].map(([from, upTo]) => [at(from), at(upTo)]);
  const queries = collections.flatMap((collection) =>
    ranges.map(
      ([minimum, maximum]) =>
        `/stores-reader/v1/products/query-platformized?${dotR({
          query: {
            filter: { price: { $gte: minimum, $lte: maximum }, collectionIds: { $hasSome: [collection.id] } },
            sort: [{ fieldName: 'price', order: 'ASC' }],
            paging: { limit: 20, offset: 0 },
          },
        })}`,
    ),
  );
  if (!productIds.length || !collections.length) throw new Error('the catalogue is empty');
  return {
    product: productIds.map((id) => `/stores-reader/v1/products/${id}`),
    collection: collections.map((collection) => `/v1/collections/slug/${collection.slug}`),
    query: queries,
  };
}

/** Requests every path once, one at a time (filling the cache); answers the mean and largest time in ms. */
async function prime(base, paths, headers) {
  const times = [];
  for (const path of paths) {
    const startedAt = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    times.push(performance.now() - startedAt);
  }
  return { mean: times.reduce((total, time) => total + time, 0) / times.length, max: Math.max(...times) };
}

/** autocannon over `paths` (taken in turn by every connection), after a warm-up. */
async function load(base, paths, headers, settings) {
  const opts = (duration) => {
    let i = 0;
    return {
      url: base,
      connections: settings.connections,
      duration,
      headers,
      requests: [
        {
          setupRequest: (req) => {
            req.path = paths[i++ % paths.length];
            return req;
          },
        },
      ],
    };
  };
  if (settings.warmup > 0) await autocannon(opts(settings.warmup));
  const result = await autocannon(opts(settings.duration));
  return loadFigures(result, settings.connections);
}

/** Several measurements of one endpoint as one: mean throughput and latencies, worst p50/p99, each run's req/s kept. */
function meanOf(all) {
  const avgOf = (key) => all.reduce((sum, result) => sum + result[key], 0) / all.length;
  return {
    rps: avgOf('rps'),
    runs: all.map((result) => result.rps),
    mean: avgOf('mean'),
    p50: Math.max(...all.map((result) => result.p50)),
    p99: Math.max(...all.map((result) => result.p99)),
    avg: avgOf('avg'),
    non2xx: all.reduce((sum, result) => sum + result.non2xx, 0),
    errors: all.reduce((sum, result) => sum + result.errors, 0),
    total: all.reduce((sum, result) => sum + result.total, 0),
  };
}

/**
 * Measures hello-world and the three catalogue reads on a fresh catalogue of `size` generated products,
 * or on the demo shop served with the default settings (its log level included).
 */
async function measureSize(size, settings, log) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-bench-'));
  const env = { ...process.env, LOG_LEVEL: 'warn', VITRINE_DEMO: 'false', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  if (size === DEMO) {
    delete env.LOG_LEVEL;
    delete env.VITRINE_DEMO;
  }
  if (settings.cache === 'off') env.CATALOG_CACHE_SIZE = '0';
  const children = [];
  try {
    let generator = 'vitrine serve (its demo shop)';
    if (size !== DEMO) {
      log(`api-catalog: generating ${size} products in ${dir}`);
      const startedAt = Date.now();
      generator = await fillCatalog(join(dir, 'data'), size, env);
      log(`api-catalog: generated in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${generator})`);
    }

    // Hello-world runs before, between and after the catalogue endpoints (the machine's load drifts): each
    // endpoint is compared with the mean of the hello-world runs just before and after it.
    const helloPort = await freePort();
    children.push(await startChild([HELLO], { ...env, PORT: String(helloPort) }, /listening on/, 'hello'));
    const helloBase = `http://127.0.0.1:${helloPort}`;
    const hellos = [];
    const measureHello = async () => {
      hellos.push(await load(helloBase, ['/'], {}, settings));
      log(`api-catalog: ${size} hello-world ${Math.round(hellos.at(-1).rps)} req/s`);
    };
    await measureHello();

    const port = await freePort();
    children.push(await startBuiltServer(['--port', String(port), '--host', '127.0.0.1', '--data-dir', join(dir, 'data')], env));
    const base = `http://127.0.0.1:${port}`;
    const token = await json(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId: CLIENT_ID }),
    });
    const headers = { authorization: `Bearer ${token.access_token}` };
    const paths = await workload(base, headers);
    const results = {};
    for (const name of ['product', 'collection', 'query']) {
      const first = await prime(base, paths[name], headers);
      results[name] = { ...(await load(base, paths[name], headers, settings)), first };
      await measureHello();
      results[name].hello = (hellos.at(-2).rps + hellos.at(-1).rps) / 2;
      log(`api-catalog: ${size} ${name} ${Math.round(results[name].rps)} req/s (first requests ${first.mean.toFixed(1)} ms mean)`);
    }
    results.hello = meanOf(hellos);
    return {
      size,
      generator,
      results,
      distinct: { product: paths.product.length, collection: paths.collection.length, query: paths.query.length },
    };
  } finally {
    for (const child of children) await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  }
}

const ENDPOINTS = [
  { key: 'product', label: 'GET product by id', target: TARGETS.hotRead },
  { key: 'collection', label: 'GET collection by slug', target: TARGETS.hotRead },
  { key: 'query', label: 'query: price range + collection, by price, limit 20', target: TARGETS.query },
];

const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const verdict = (ok) => (ok ? 'met' : '**not met**');

/** The `## api-catalog` section of bench/RESULTS.md. */
export function renderSection(runs, settings, when = new Date()) {
  const distinct = runs[0]?.distinct ?? {};
  const lines = [
    '## api-catalog',
    '',
    `Measured on ${when.toISOString()} (Node ${process.version}; ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, shared by the`,
    'server, the hello-world and autocannon, and by whatever else the machine runs: absolute numbers are modest and noisy,',
    'the ratios are what the targets judge). Run with `npm run bench -- api-catalog`.',
    '',
    `Settings: autocannon ${settings.connections} connections, ${settings.duration} s per endpoint after a ${settings.warmup} s warm-up, loopback. Server:`,
    '`vitrine serve` from the built dist, a fresh embedded (PGlite) data dir per catalogue; generated catalogues with',
    'LOG_LEVEL=warn, the demo shop ("demo": the products `vitrine serve` seeds, with options, pictures and sections) with',
    'the default settings (LOG_LEVEL unset),',
    `catalogue cache ${settings.cache === 'off' ? '**off** (CATALOG_CACHE_SIZE=0)' : 'on (default: CATALOG_CACHE_SIZE=10000)'}. Every request carries a visitor access token.`,
    `Each connection cycles through a set of paths: ${distinct.product ?? '?'} product ids, ${distinct.collection ?? '?'} collection slugs, ${distinct.query ?? '?'} queries`,
    "(each collection × 5 price ranges spread over the catalogue's prices; sorted by price, limit 20). Before the load each",
    'path is requested once, one at a time: "first request" is the mean time of those (cache misses when the cache is on).',
    "req/s is autocannon's mean. autocannon records latency in whole ms, so p50/p99 are whole ms and its avg is the mean",
    'of those; "mean" is connections ÷ req/s (exact for this closed loop).',
    "Hello-world runs before, between and after the three endpoints (its row lists each run); an endpoint's share of",
    'hello-world uses the mean of the runs just before and after it. With the cache on, the load is served from memory',
    'after the first requests (shopper answers stay cached until the catalogue changes, and nothing is written during',
    'the run): "first request" is what a miss costs.',
    '',
    '| catalogue | endpoint | req/s | p50 ms | p99 ms | avg ms | mean ms | first request ms | vs hello-world | target | verdict | errors |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const run of runs) {
    const hello = run.results.hello;
    lines.push(
      `| ${run.size} | Fastify hello-world (mean of ${hello.runs.map((x) => fmt(x)).join(', ')}) | ${fmt(hello.rps)} | ${hello.p50} | ${hello.p99} | ${fmt(hello.avg, 2)} | ${fmt(hello.mean, 3)} | | 100% | | | ${hello.non2xx + hello.errors} |`,
    );
    for (const endpoint of ENDPOINTS) {
      const result = run.results[endpoint.key];
      const ratio = result.rps / result.hello;
      const ok = ratio >= endpoint.target && result.non2xx === 0 && result.errors === 0;
      lines.push(
        `| ${run.size} | ${endpoint.label} | ${fmt(result.rps)} | ${result.p50} | ${result.p99} | ${fmt(result.avg, 2)} | ${fmt(result.mean, 3)} | ${fmt(result.first.mean, 1)} | ${fmt(ratio * 100)}% of ${fmt(result.hello)} | ≥ ${endpoint.target * 100}% | ${verdict(ok)} | ${result.non2xx + result.errors} |`,
      );
    }
  }
  const sizes = runs.map((x) => x.size).filter((size) => size !== DEMO);
  const small = runs.find((run) => run.size === Math.min(...sizes));
  const large = runs.find((run) => run.size === Math.max(...sizes));
  if (small && large && small !== large) {
    lines.push(
      '',
      `Slowdown from ${small.size} to ${large.size} products. The two sizes are measured minutes apart and the machine's load`,
      'drifts, so the target is judged on the share of hello-world at each size (share at the small size ÷ share at the',
      "large one); the raw req/s ratio and the ratio of the first (uncached) requests' mean times are shown beside it.",
      '',
      '| endpoint | slowdown (share of hello-world) | target | verdict | raw req/s slowdown | first-request slowdown |',
      '| --- | ---: | ---: | --- | ---: | ---: |',
    );
    const share = (run, key) => run.results[key].rps / run.results[key].hello;
    for (const endpoint of ENDPOINTS) {
      const slow = share(small, endpoint.key) / share(large, endpoint.key);
      const raw = small.results[endpoint.key].rps / large.results[endpoint.key].rps;
      const cold = large.results[endpoint.key].first.mean / small.results[endpoint.key].first.mean;
      lines.push(
        `| ${endpoint.label} | ${fmt(slow, 2)}× | ≤ ${TARGETS.slowdown}× | ${verdict(slow <= TARGETS.slowdown)} | ${fmt(raw, 2)}× | ${fmt(cold, 1)}× |`,
      );
    }
  }
  lines.push('', `Catalogues: ${[...new Set(runs.map((run) => `\`${run.generator}\``))].join(', ')}.`, '');
  return lines.join('\n');
}

/** Runs the benchmark for every configured size; answers the RESULTS.md section. */
export async function runApiCatalog(settings = settingsFromEnv(), log = (line) => console.error(line)) {
  const runs = [];
  for (const size of settings.sizes) runs.push(await measureSize(size, settings, log));
  return renderSection(runs, settings);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { writeSections } = await import('../results.mjs');
  console.log(writeSections({ 'api-catalog': await runApiCatalog() }, ['sdk-size', 'api-catalog']));
}
