// Preloaded into a server process (`NODE_OPTIONS=--import=…`) by loaded-modules.ts: every ES module the
// process loads is appended to LOADED_MODULES_FILE by the load hook (hooks.mjs), and on SIGUSR2 the
// CommonJS modules it holds (require's cache, which those hooks do not see) followed by a marker line.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.LOADED_MODULES_FILE;
if (!file) throw new Error('LOADED_MODULES_FILE is not set');
register(new URL('./hooks.mjs', import.meta.url), { data: { file } });
const { cache } = createRequire(import.meta.url);
process.on('SIGUSR2', () => appendFileSync(file, `${Object.keys(cache).join('\n')}\n${'--- listed'}\n`));
