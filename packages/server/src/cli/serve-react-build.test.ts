/**
 * The server renders its hosted pages and mails with React's production build whatever NODE_ENV says
 * (#23): React picks its build from NODE_ENV when first loaded, and `npm start` sets none. The built
 * server runs as `npm start` runs it (the `vitrine` command over an embedded database, the storefront
 * mounted), with a preload that records the modules it loads; NODE_ENV still means what it meant for
 * Vitrine's own settings.
 */
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempDataDir } from '../../test/support/cli.js';
import { loadedModules, recordingModules } from '../../test/support/loaded-modules.js';
import { type ServeProcess, startBuiltServe } from '../../test/support/serve-process.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh embedded data directory's settings, removed after the test; its parent holds the recording too. */
async function dataDir(): Promise<{ env: { VITRINE_DATA_DIR: string }; parent: string }> {
  const data = await tempDataDir();
  cleanups.push(() => data.remove());
  return { env: data.env, parent: join(data.dir, '..') };
}

/** The built server with `env`, recording its modules. */
async function startRecorded(env: Record<string, string>): Promise<{ server: ServeProcess; modules: () => Promise<string[]> }> {
  const data = await dataDir();
  const recording = recordingModules(data.parent);
  const server = await startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--no-demo'], { ...recording.env, ...data.env, ...env });
  cleanups.push(() => server.stop());
  return { server, modules: () => loadedModules(server, recording.file) };
}

const named = (modules: string[], pattern: RegExp) => modules.filter((module) => pattern.test(module));

it.each([
  ['unset', {}],
  ['development', { NODE_ENV: 'development' }],
])(
  "renders a storefront page with Preact and a hosted page with React's production build, NODE_ENV %s (#23)",
  async (_name, env) => {
    const { server, modules } = await startRecorded(env);

    // the storefront renders with Preact (apps/storefront's aliases): no React at all
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/^<!DOCTYPE html>/);
    const afterStorefront = await modules();
    expect(named(afterStorefront, /\/node_modules\/preact-render-to-string\//)).not.toEqual([]);
    expect(named(afterStorefront, /\/node_modules\/react-dom\//)).toEqual([]);

    // a hosted page renders with React: its production build, not its development one
    const page = await fetch(`${server.url}/account/forgot-password`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!doctype html>/);
    const afterHosted = await modules();
    expect(named(afterHosted, /\/node_modules\/react-dom\/cjs\/react-dom-server-legacy\.node\.production\.js$/)).not.toEqual([]);
    expect(named(afterHosted, /\/node_modules\/react-dom\/cjs\/.*development/)).toEqual([]);
    expect(named(afterHosted, /\/node_modules\/react\/cjs\/react\.production\.js$/)).not.toEqual([]);
    expect(named(afterHosted, /\/node_modules\/react\/cjs\/react-jsx-runtime\.production\.js$/)).not.toEqual([]);
    // (React's own development build is listed too, and says nothing: Node's loader reads it to list the exports
    // of `react` for the ES modules that import it, and never runs it; docs/DEPLOY.md, "Memory")

    // NODE_ENV keeps its meaning for Vitrine: outside production the development mailbox is served
    expect((await fetch(`${server.url}/_dev/mailbox`)).status).toBe(200);
  },
  120_000,
);

it('still requires VITRINE_SECRET when NODE_ENV=production (#23)', async () => {
  const data = await dataDir();
  const starting = startBuiltServe(['--port', '0', '--host', '127.0.0.1', '--no-storefront'], { ...data.env, NODE_ENV: 'production' });
  await expect(starting).rejects.toThrow(/VITRINE_SECRET: required when NODE_ENV=production/);
}, 60_000);
