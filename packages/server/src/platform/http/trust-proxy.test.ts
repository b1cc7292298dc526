import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { ConfigError, loadConfig } from '../../config.js';

/** A route limited per client address at RATE_LIMIT_PER_MINUTE. */
const LIMITED = '/_api/captcha/challenge';
const BUDGET = 2;

let server: TestServer | undefined;
afterEach(() => server?.close());

async function start(env: Record<string, string>) {
  const lines: string[] = [];
  server = await startTestServer(
    { RATE_LIMIT_PER_MINUTE: String(BUDGET), LOG_LEVEL: 'debug', ...env },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  const from = (forwardedFor: string) => send(`${(server as TestServer).url}${LIMITED}`, { headers: { 'x-forwarded-for': forwardedFor } });
  /** The client addresses of the request log's lines. */
  const loggedAddresses = () =>
    lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req.remoteAddress);
  return { from, loggedAddresses };
}

describe('TRUST_PROXY (#18)', () => {
  it('is off by default: X-Forwarded-For is ignored, so one client cannot pose as many', async () => {
    const { from, loggedAddresses } = await start({});
    const statuses = [];
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) statuses.push((await from(address)).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(loggedAddresses()).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('set to the proxy, gives each forwarded client its own rate-limit budget and log address', async () => {
    const { from, loggedAddresses } = await start({ TRUST_PROXY: '127.0.0.1' });
    const first = [];
    for (let i = 0; i <= BUDGET; i++) first.push((await from('198.51.100.1')).status);
    expect(first).toEqual([200, 200, 429]);
    expect((await from('198.51.100.2')).status).toBe(200);
    expect(loggedAddresses()).toEqual(['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2']);
  });

  it('trusts only the listed proxies: a forwarded header from another address is ignored', async () => {
    const { from, loggedAddresses } = await start({ TRUST_PROXY: '10.0.0.0/8, fd00::/8' });
    await from('198.51.100.1');
    expect(loggedAddresses()).toEqual(['127.0.0.1']);
  });
});

describe('the TRUST_PROXY setting', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,fd00::/8 ,::1', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']],
  ])('reads %s as %j', (setting, expected) => {
    expect(loadConfig({ TRUST_PROXY: setting }).trustProxy).toEqual(expected);
  });

  it.each([
    [
      'yes please',
      'TRUST_PROXY: must be true, false or a comma-separated list of IP addresses and CIDR ranges; not addresses: "yes please"',
    ],
    [
      '10.0.0.0/8,proxy.internal,300.1.1.1',
      'TRUST_PROXY: must be true, false or a comma-separated list of IP addresses and CIDR ranges; not addresses: "proxy.internal", "300.1.1.1"',
    ],
    ['1', "TRUST_PROXY: a hop count (1) is not supported: list the proxies' addresses or CIDR ranges, or true"],
  ])('refuses %s at start, saying why', (setting, message) => {
    expect(() => loadConfig({ TRUST_PROXY: setting })).toThrow(new ConfigError([message]));
  });
});
