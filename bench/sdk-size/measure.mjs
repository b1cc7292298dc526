// Bundles the storefront import set with esbuild (minified ESM for browsers) and reports bytes.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Target from issue #2: the reference client needs 30,124 gzip bytes for the same import. */
export const TARGET_GZIP = 7500;

export async function measureSdkSize() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./entry.js', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { minified, gzip } = await measureSdkSize();
  console.log(`sdk-size: ${minified} bytes minified, ${gzip} bytes gzip (target ${TARGET_GZIP})`);
}
