// After `react-router build`: a brotli and a gzip copy beside every text file of build/client, made once at
// the highest levels (too slow per request), which the server sends to browsers that accept them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const CLIENT = fileURLToPath(new URL('../build/client/', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

let count = 0;
for await (const path of files(CLIENT)) {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in build/client (.br, .gz)`);
