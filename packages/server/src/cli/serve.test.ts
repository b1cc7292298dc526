import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

const SERVER_PACKAGE = fileURLToPath(new URL('../../', import.meta.url));

interface Served {
  child: ChildProcess;
  url: string;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

/** `vitrine serve --port 0` in a child process (from source, through tsx), resolved once it listens. */
async function startServe(dataDir: string): Promise<Served> {
  const env: NodeJS.ProcessEnv = { ...process.env, VITRINE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'PORT', 'HOST', 'VITRINE_PUBLIC_URL', 'SMTP_URL', 'NODE_ENV']) delete env[name];
  // The demo catalogue (seeded at a first start) is tested in serve-demo.test.ts; here it would only cost time.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve', '--port', '0', '--no-demo'], {
    cwd: SERVER_PACKAGE,
    env,
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Vitrine is running at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    exited.then((code) => reject(new Error(`serve exited with ${code} before listening:\n${err}`)));
  });
  return { child, url, out: () => out, err: () => err, exited };
}

describe('vitrine serve', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let served: Served;
  beforeAll(async () => {
    data = await tempDataDir();
    served = await startServe(data.dir);
  });
  afterAll(async () => {
    served?.child.kill('SIGKILL');
    await served?.exited;
    await data.remove();
  });

  it('answers /healthz on the port it printed', async () => {
    const res = await fetch(`${served.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('prints the shop, docs and dev mailbox addresses', () => {
    expect(served.out()).toContain(`${served.url}/docs`);
    expect(served.out()).toContain(`${served.url}/_dev/mailbox`);
  });

  it('registers the demo client at start, so a loopback storefront may call it in development', async () => {
    const res = await fetch(`${served.url}/oauth2/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('keeps other processes off its embedded data directory', async () => {
    const r = await vitrine(['keys', 'rotate'], data.env);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`is in use by process ${served.child.pid}`);
  });
});

describe('vitrine serve shutdown', () => {
  it('stops cleanly on SIGTERM and releases the data directory', async () => {
    const data = await tempDataDir();
    try {
      const served = await startServe(data.dir);
      served.child.kill('SIGTERM');
      expect(await served.exited).toBe(0);
      expect(served.err()).toContain('stopped');
      expect(existsSync(join(data.dir, 'vitrine.lock'))).toBe(false);
    } finally {
      await data.remove();
    }
  }, 60_000);
});
