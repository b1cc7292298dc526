#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 --heap-growing-percent=20 --liftoff-only
// The `vitrine` command. This file exists in the source tree so that npm links it at install time, before
// the first build; it runs the built entry (`npm run build` makes dist/).
// Node's flags above keep a server's heap near its live objects (docs/DEPLOY.md, "Memory"): a young
// generation of 8 MiB semi-spaces instead of 16, and a full collection once the old generation has grown
// 20 % past what the last one kept, instead of V8's up to 100 %; and WebAssembly (the embedded database,
// PGlite) compiled by Liftoff only: V8's optimizing tier held ~55 MiB of an embedded server's memory for
// ~5-8 % of an embedded write's CPU time. MALLOC_ARENA_MAX=2 (an environment variable, set by `env`
// before Node starts: glibc reads it once) caps the C heap's arenas at two: glibc otherwise gives threads
// (V8's compiler and collector helpers, libuv's pool) arenas of their own, up to eight per core, which
// held ~10 MiB more of a server's memory. bench/memory starts the server with them.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('vitrine: the server is not built yet: run `npm run build` at the repository root.\n');
  process.exit(1);
}
await import(entry.href);
