// `npm run bench`: runs every benchmark on demand and rewrites their sections of bench/RESULTS.md.
// `npm run bench -- api-catalog` (or BENCH=api-catalog) runs only the named ones.
// Benchmarks measure; they never fail the test suite (these machines are noisy).
import { execSync } from 'node:child_process';
import { writeSections } from './results.mjs';
import { measureSdkSize, TARGET_GZIP } from './sdk-size/measure.mjs';

async function sdkSize() {
  execSync('npm run build --workspace @vitrine/sdk', { stdio: 'inherit' });
  const size = await measureSdkSize();
  const verdict = size.gzip <= TARGET_GZIP ? 'within target' : 'OVER TARGET';
  return [
    '## sdk-size',
    '',
    `Measured on ${new Date().toISOString()} (Node ${process.version}).`,
    'The storefront import set (createClient, OAuthStrategy, currentCart, products, collections, redirects;',
    'calling query, getCurrentCart, addToCurrentCart, createRedirectSession), bundled by esbuild',
    '(minify, ESM, browser, code splitting). "Initial" is what a page downloads before any member flow,',
    'merchant write, GraphQL query or error answer (the entry and the chunks it imports statically),',
    'gzipped file by file as a server sends them; the rest loads on first use.',
    '',
    '| initial minified | initial gzip (per file) | initial gzip (as one file) | all chunks gzip | target (initial gzip) | verdict |',
    '| ---: | ---: | ---: | ---: | ---: | --- |',
    `| ${size.minified} | ${size.gzip} | ${size.joined} | ${size.total.gzip} (${size.chunks} files) | ${TARGET_GZIP} | ${verdict} |`,
  ].join('\n');
}

async function apiCatalog() {
  // The benchmark runs the built server (packages/server/dist).
  execSync('npm run build', { stdio: 'inherit' });
  const { runApiCatalog } = await import('./api-catalog/run.mjs');
  return runApiCatalog();
}

async function apiCart() {
  // The built server again; over PostgreSQL when DATABASE_URL is set.
  execSync('npm run build', { stdio: 'inherit' });
  const { runApiCart } = await import('./api-cart/run.mjs');
  return runApiCart();
}

async function storefront() {
  // The production storefront, mounted by the built server.
  execSync('npm run build', { stdio: 'inherit' });
  const { runStorefront } = await import('./storefront/run.mjs');
  return runStorefront();
}

async function search() {
  // The built server; over PostgreSQL too when DATABASE_URL is set.
  execSync('npm run build', { stdio: 'inherit' });
  const { runSearch } = await import('./search/run.mjs');
  return runSearch();
}

async function cluster() {
  // The built server behind nginx, on a PostgreSQL primary and replica (Debian's packages).
  execSync('npm run build', { stdio: 'inherit' });
  const { runCluster } = await import('./cluster/run.mjs');
  return runCluster();
}

async function memory() {
  // The built server's resident memory; over PostgreSQL too when DATABASE_URL is set.
  execSync('npm run build', { stdio: 'inherit' });
  const { runMemory } = await import('./memory/run.mjs');
  return runMemory();
}

async function upkeep() {
  // The built server's database layer and its VACUUM job, on copies of embedded data dirs.
  execSync('npm run build', { stdio: 'inherit' });
  const { runUpkeep } = await import('./upkeep/run.mjs');
  return runUpkeep();
}

const BENCHMARKS = { 'sdk-size': sdkSize, 'api-catalog': apiCatalog, 'api-cart': apiCart, storefront, search, memory, cluster, upkeep };

const asked = process.argv.slice(2).length ? process.argv.slice(2) : (process.env.BENCH ?? '').split(',').filter(Boolean);
const unknown = asked.filter((name) => !(name in BENCHMARKS));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
const names = asked.length ? asked : Object.keys(BENCHMARKS);
const sections = {};
for (const name of names) sections[name] = await BENCHMARKS[name]();
const written = writeSections(sections, Object.keys(BENCHMARKS));
console.log(written);
