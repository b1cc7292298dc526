/**
 * A started server does not load the libraries only some requests use (#23, footprint): V8 keeps the
 * source of every loaded module for the life of the process. PGlite is loaded only with an embedded
 * database; React's server renderer at the first hosted page or mail; sanitize-html at the first rich
 * text written or rendered; the ISO 3166-2 subdivisions at the first address check. The built server runs as deployed (the `vitrine` command), with a preload
 * that records the modules it loads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, inject, it } from 'vitest';
import { loadedModules, recordingModules } from '../../test/support/loaded-modules.js';
import { type ServeProcess, startBuiltServe } from '../../test/support/serve-process.js';
import { copyOfTemplate } from '../../test/support/shared-database-server.js';

const template = inject('databaseTemplate');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The built server on this run's database (a copy of the migrated template, or a fresh data directory), recording its modules. */
async function startRecorded(): Promise<{ server: ServeProcess; modules: () => Promise<string[]> }> {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-lazy-modules-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const recording = recordingModules(dir);
  const env: Record<string, string> = { ...recording.env, VITRINE_DEMO: 'false' };
  if (template.kind === 'postgres') {
    const database = await copyOfTemplate(template);
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  } else {
    env.VITRINE_DATA_DIR = join(dir, 'data');
  }
  const server = await startBuiltServe(['--port', '0', '--host', '127.0.0.1'], env);
  cleanups.push(() => server.stop());
  return { server, modules: () => loadedModules(server, recording.file) };
}

const named = (modules: string[], fragment: string) => modules.filter((module) => module.includes(fragment));

it("loads neither React's server renderer, sanitize-html nor the ISO 3166-2 table at start, and PGlite only for an embedded database (#23)", async () => {
  const { server, modules } = await startRecorded();
  const atStart = await modules();
  expect(named(atStart, '/node_modules/fastify/')).not.toEqual([]);
  expect(named(atStart, '/node_modules/react-dom/')).toEqual([]);
  expect(named(atStart, '/node_modules/sanitize-html/')).toEqual([]);
  expect(named(atStart, '/node_modules/iso-3166/2.js')).toEqual([]);
  if (template.kind === 'postgres') expect(named(atStart, '/node_modules/@electric-sql/pglite/')).toEqual([]);
  else expect(named(atStart, '/node_modules/@electric-sql/pglite/')).not.toEqual([]);

  // a hosted page renders with React: its server renderer loads then
  const page = await fetch(`${server.url}/account/forgot-password`);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/^<!doctype html>/);
  expect(named(await modules(), '/node_modules/react-dom/server')).not.toEqual([]);
}, 120_000);
