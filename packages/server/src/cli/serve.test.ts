import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { type ServeProcess, startServe as startServeProcess } from '../../test/support/serve-process.js';

/** `vitrine serve --port 0` from source; the demo catalogue is tested in serve-demo.test.ts, here it would only cost time. */
const startServe = (dataDir: string) => startServeProcess(dataDir, ['--no-demo']);
type Served = ServeProcess;

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

  it('refuses a --role that is not web, worker or all, before opening anything (#23)', async () => {
    const result = await vitrine(['serve', '--role', 'boss'], data.env);
    expect(result.code).toBe(1);
    expect(result.err).toBe('vitrine: invalid configuration:\n  - VITRINE_ROLE: must be one of web, worker, all');
  });

  it('keeps other processes off its embedded data directory', async () => {
    const result = await vitrine(['keys', 'rotate'], data.env);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`is in use by process ${served.child.pid}`);
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
