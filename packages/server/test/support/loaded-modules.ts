import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { ServeProcess } from './serve-process.js';

const PRELOAD = pathToFileURL(new URL('./loaded-modules/preload.mjs', import.meta.url).pathname).href;

/** The environment that makes a server process record the modules it loads into `dir`/modules.txt. */
export function recordingModules(dir: string): { env: Record<string, string>; file: string } {
  const file = join(dir, 'modules.txt');
  return { env: { NODE_OPTIONS: `--import=${PRELOAD}`, LOADED_MODULES_FILE: file }, file };
}

/** Every module (ES and CommonJS) `server` has loaded so far, as file URLs or paths. */
export async function loadedModules(server: ServeProcess, file: string): Promise<string[]> {
  const listed = async () => (await readFile(file, 'utf8').catch(() => '')).split('\n--- listed\n').length - 1;
  const before = await listed();
  server.child.kill('SIGUSR2');
  // the handler appends the list and its marker in one write: wait for that marker
  while ((await listed()) === before) await sleep(50);
  return (await readFile(file, 'utf8')).split('\n').filter((line) => line && line !== '--- listed');
}
