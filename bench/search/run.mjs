// bench/search (issue #22): product search with facets and suggestions under load, beside a Fastify
// hello-world measured in the same run, and a relevance table. For each database (embedded PGlite; and
// PostgreSQL when DATABASE_URL is set: a fresh database per size made on that server with the role's
// CREATEDB, dropped after) and each catalogue size: `vitrine seed --generate N`, the built server in a
// child process on a loopback port, a visitor token, then uncached varied load: every request a
// different search text (no text repeats within a run; the server caches no search answers); then listings
// without text (a collection, a colour, a size: what the storefront's listing pages ask).
// Needs the built server: `npm run bench -- search` builds it first.
//
// Settings (env): BENCH_SIZES (default "1000,100000"), BENCH_DURATION seconds per endpoint (10),
// BENCH_CONNECTIONS (8), BENCH_DATABASES (pglite, plus postgres when DATABASE_URL is set).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli, freshPostgres, startBuiltServer } from '../support/built-server.mjs';
import { listFromEnv, loadSettingsFromEnv } from '../support/load-settings.mjs';
import { freePort, json, startChild, stopChild } from '../support/processes.mjs';
import { closedLoop } from './load.mjs';
import { measureRelevance } from './relevance.mjs';
import { listingRequests, searchRequest, searchTexts, typedPrefixes } from './workload.mjs';

const HELLO = fileURLToPath(new URL('../api-catalog/hello.mjs', import.meta.url));

/** Issue #22's targets at 100k products on PostgreSQL (p95, ms). */
export const TARGETS = { search: 50, suggestions: 15 };

export function settingsFromEnv(env = process.env) {
  const { duration, connections } = loadSettingsFromEnv(env, { duration: 10, connections: 8 });
  return {
    sizes: listFromEnv(env, 'BENCH_SIZES', '1000,100000').map(Number),
    duration,
    connections,
    databases: listFromEnv(env, 'BENCH_DATABASES', env.DATABASE_URL ? 'pglite,postgres' : 'pglite'),
    postgresUrl: env.DATABASE_URL,
  };
}

const dotR = (payload) => `.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;

/** One database, one size: generate, serve, measure. */
async function measureOne(database, size, settings, log) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-search-bench-'));
  const env = { ...process.env, LOG_LEVEL: 'warn', VITRINE_DEMO: 'false', NODE_ENV: 'development', RATE_LIMIT_PER_MINUTE: '100000' };
  delete env.DATABASE_URL;
  const children = [];
  let postgres;
  try {
    const clientId = `bench-${crypto.randomUUID().slice(0, 8)}`;
    const where = [];
    if (database === 'postgres') {
      postgres = await freshPostgres(settings.postgresUrl, 'vitrine_search_bench');
      env.DATABASE_URL = postgres.url;
    } else {
      where.push('--data-dir', join(dir, 'data'));
    }
    log(`search: ${database} ${size}: generating`);
    const startedAt = Date.now();
    cli(['migrate', ...where], env);
    cli(['seed', '--generate', String(size), ...where], env);
    cli(['clients', 'create', '--id', clientId, '--name', 'Search bench', '--redirect-uri', 'http://127.0.0.1/callback', ...where], env);
    log(`search: ${database} ${size}: generated in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    const helloPort = await freePort();
    children.push(await startChild([HELLO], { ...env, PORT: String(helloPort) }, /listening on/, 'hello'));
    const port = await freePort();
    children.push(await startBuiltServer(['--port', String(port), '--host', '127.0.0.1', ...where], env));
    const base = `http://127.0.0.1:${port}`;
    const token = await json(`${base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId }),
    });
    const headers = { authorization: `Bearer ${token.access_token}` };
    const load = { connections: settings.connections, duration: settings.duration, headers };
    // Enough distinct texts that none repeats within the run, even at a few thousand req/s.
    const searches = searchTexts(20_000).map((text, i) => `/_api/vitrine/v1/search/products?${dotR(searchRequest(text, i))}`);
    const suggestions = typedPrefixes(5_000).map((prefix) => `/_api/vitrine/v1/search/suggestions?text=${encodeURIComponent(prefix)}`);
    const hello = await closedLoop(`http://127.0.0.1:${helloPort}`, ['/'], load);
    log(`search: ${database} ${size}: hello-world ${Math.round(hello.rps)} req/s`);
    const search = await closedLoop(base, searches, load);
    log(`search: ${database} ${size}: search ${Math.round(search.rps)} req/s, p95 ${search.p95.toFixed(1)} ms`);
    const suggest = await closedLoop(base, suggestions, load);
    log(`search: ${database} ${size}: suggestions ${Math.round(suggest.rps)} req/s, p95 ${suggest.p95.toFixed(1)} ms`);
    // One shopper at a time: the latency of a request the server has to itself (the loops above
    // measure it queued behind the others), on texts the loops above did not send.
    const alone = { ...load, connections: 1 };
    const searchAlone = await closedLoop(base, searches.slice(searches.length / 2), alone);
    const suggestAlone = await closedLoop(base, suggestions.slice(suggestions.length / 2), alone);
    log(
      `search: ${database} ${size}: one at a time: search p95 ${searchAlone.p95.toFixed(1)} ms, suggestions p95 ${suggestAlone.p95.toFixed(1)} ms`,
    );
    const find = (request) => json(`${base}/_api/vitrine/v1/search/products?${dotR(request)}`, { headers });
    const { facets } = await find({ facets: { collections: true, choices: true } });
    const listings = listingRequests(facets, 20_000).map((request) => `/_api/vitrine/v1/search/products?${dotR(request)}`);
    const listing = await closedLoop(base, listings, load);
    log(`search: ${database} ${size}: listings ${Math.round(listing.rps)} req/s, p95 ${listing.p95.toFixed(1)} ms`);
    const sku = (await find({ paging: { limit: 1 } })).products[0]?.sku;
    // A shopper's queryProducts: whether some visible product passes a filter.
    const holds = async (filter) =>
      (await json(`${base}/stores-reader/v1/products/query-platformized?${dotR({ query: { filter, paging: { limit: 1 } } })}`, { headers }))
        .products.length > 0;
    const relevance = await measureRelevance(find, sku, holds);
    return { database, size, hello, search, suggest, listing, searchAlone, suggestAlone, relevance };
  } finally {
    for (const child of children) await stopChild(child);
    await postgres?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const milliseconds = (value) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const whole = (value) => (Number.isFinite(value) ? value.toFixed(0) : '–');

/** The `## search` section of bench/RESULTS.md. */
export function renderSection(runs, settings, when = new Date()) {
  const lines = [
    '## search',
    '',
    `Measured on ${when.toISOString()} (Node ${process.version}; ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, shared by the`,
    'server, the hello-world, the load and whatever else the machine runs). Run with `npm run bench -- search`.',
    '',
    `Settings: ${settings.connections} connections in a closed loop, ${settings.duration} s per endpoint, loopback; \`vitrine serve\` from the built`,
    'dist on a catalogue made by `vitrine seed --generate N` (PGlite: a fresh data dir; PostgreSQL: a fresh database on',
    "DATABASE_URL's server). Uncached: every request is a different text (20,000 searches of 1–3 of the generated names'",
    'words, a third with a typo, a quarter with a colour, size or brand; 5,000 typed prefixes), none repeated within a run.',
    'Search asks for every facet (collections, choices, price ranges, in stock, on sale), 20 products, a third sorted by',
    'price. Listings have no text: a collection, a colour, a size, or a collection and a size, with every facet, sorted by',
    'price, name or not at all, on a page as shoppers page: half on the first, a quarter on the second… up to the tenth',
    '(drawn from about 3,400 combinations: some repeat; the server caches no search answers). Latency is timed per',
    'request (exact p50/p95). The rows "one at a time" send search and suggestions over one connection (other texts of',
    'the same lists): the latency of a request the server has to itself, where the rows above include the wait behind',
    `the other ${settings.connections - 1} connections' requests on ${cpus().length} cores.`,
    `Targets at 100k on PostgreSQL: p95 ≤ ${TARGETS.search} ms for search with facets, ≤ ${TARGETS.suggestions} ms for suggestions.`,
    '',
    '| database | catalogue | endpoint | req/s | vs hello-world | p50 ms | p95 ms | p99 ms | target p95 | failures |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const run of runs) {
    const judged = run.database === 'postgres' && run.size >= 100_000;
    const row = (label, measured, target) =>
      `| ${run.database} | ${run.size} | ${label} | ${whole(measured.rps)} | ${whole((measured.rps / run.hello.rps) * 100)}% | ${milliseconds(measured.p50)} | ${milliseconds(measured.p95)} | ${milliseconds(measured.p99)} | ${target && judged ? `≤ ${target} (${measured.p95 <= target ? 'met' : '**not met**'})` : ''} | ${measured.failures} |`;
    lines.push(
      `| ${run.database} | ${run.size} | Fastify hello-world | ${whole(run.hello.rps)} | 100% | ${milliseconds(run.hello.p50)} | ${milliseconds(run.hello.p95)} | ${milliseconds(run.hello.p99)} | | ${run.hello.failures} |`,
      row('search with facets', run.search, TARGETS.search),
      row('suggestions', run.suggest, TARGETS.suggestions),
      row('listings with facets', run.listing),
      row('search with facets, one at a time', run.searchAlone, TARGETS.search),
      row('suggestions, one at a time', run.suggestAlone, TARGETS.suggestions),
    );
  }
  for (const run of runs) {
    const hits = run.relevance.filter((query) => query.hit).length;
    const absent = run.relevance.filter((query) => !query.inCatalogue).length;
    const absentNote = absent
      ? ` ${absent} of the others ask for a product this catalogue lacks ("not in the catalogue": no visible product has its name), so ${hits} of the ${run.relevance.length - absent} it has.`
      : '';
    lines.push(
      '',
      `Relevance, ${run.database}, ${run.size} products: the expected product first for **${hits} of ${run.relevance.length}** queries.${absentNote}`,
      '',
      '| kind | query | expected first | first result | found | first as expected |',
      '| --- | --- | --- | --- | ---: | --- |',
      ...run.relevance.map(
        (query) =>
          `| ${query.kind} | \`${query.text}\` | ${query.expected} | ${query.first} | ${query.total} | ${query.hit ? 'yes' : query.inCatalogue ? '**no**' : 'not in the catalogue'} |`,
      ),
    );
  }
  const failed = runs.flatMap((run) =>
    [run.search, run.suggest, run.listing].filter((measured) => measured.firstFailure).map((measured) => measured.firstFailure),
  );
  if (failed.length) lines.push('', `First failure: ${failed[0]}`);
  lines.push('');
  return lines.join('\n');
}

/** Runs every configured database and size; answers the RESULTS.md section. */
export async function runSearch(settings = settingsFromEnv(), log = (line) => console.error(line)) {
  const runs = [];
  for (const database of settings.databases) {
    if (database === 'postgres' && !settings.postgresUrl) throw new Error('the postgres run needs DATABASE_URL');
    for (const size of settings.sizes) runs.push(await measureOne(database, size, settings, log));
  }
  return renderSection(runs, settings);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { writeSections } = await import('../results.mjs');
  console.log(writeSections({ search: await runSearch() }, ['sdk-size', 'api-catalog', 'api-cart', 'storefront', 'search']));
}
