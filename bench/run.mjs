// `npm run bench`: runs every benchmark on demand and writes bench/RESULTS.md.
// Benchmarks measure; they never fail the test suite (these machines are noisy).
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { measureSdkSize, TARGET_GZIP } from './sdk-size/measure.mjs';

execSync('npm run build --workspace @vitrine/sdk', { stdio: 'inherit' });
const size = await measureSdkSize();
const verdict = size.gzip <= TARGET_GZIP ? 'within target' : 'OVER TARGET';
const lines = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()} (Node ${process.version}).`,
  '',
  '## sdk-size',
  '',
  'The storefront import set (createClient, OAuthStrategy, currentCart, products, collections, redirects;',
  'calling query, getCurrentCart, addToCurrentCart, createRedirectSession), bundled by esbuild',
  '(minify, ESM, browser).',
  '',
  '| minified bytes | gzip bytes | target (gzip) | verdict |',
  '| ---: | ---: | ---: | --- |',
  `| ${size.minified} | ${size.gzip} | ${TARGET_GZIP} | ${verdict} |`,
  '',
];
writeFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), lines.join('\n'));
console.log(lines.join('\n'));
