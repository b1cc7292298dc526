#!/usr/bin/env node
// The `vitrine` command. This file exists in the source tree so that npm links it at install time, before
// the first build; it runs the built entry (`npm run build` makes dist/).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('vitrine: the server is not built yet: run `npm run build` at the repository root.\n');
  process.exit(1);
}
await import(entry.href);
