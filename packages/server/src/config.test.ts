import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const DATABASE_URL = 'postgres://vitrine@127.0.0.1:5432/shop';

describe('DATABASE_URL', () => {
  it('selects PostgreSQL at that address', () => {
    expect(loadConfig({ DATABASE_URL }).database).toEqual({ kind: 'postgres', url: DATABASE_URL });
  });
});

describe('DATABASE_READ_URL (#23)', () => {
  const DATABASE_READ_URL = 'postgres://vitrine@127.0.0.1:5433/shop';

  it('names the replica beside the primary', () => {
    expect(loadConfig({ DATABASE_URL, DATABASE_READ_URL }).database).toEqual({
      kind: 'postgres',
      url: DATABASE_URL,
      readUrl: DATABASE_READ_URL,
    });
  });

  it('refuses a replica of the embedded database, and a URL that is not PostgreSQL’s', () => {
    expect(() => loadConfig({ DATABASE_READ_URL })).toThrow(
      new ConfigError(['DATABASE_READ_URL: a read replica needs DATABASE_URL (the embedded database has no replicas)']),
    );
    expect(() => loadConfig({ DATABASE_URL, DATABASE_READ_URL: 'mysql://replica/shop' })).toThrow(
      new ConfigError(['DATABASE_READ_URL: must be a postgres:// URL']),
    );
  });
});

describe('yes-or-no settings', () => {
  it('reject anything but a yes or a no, naming the setting', () => {
    expect(() => loadConfig({ APPROVE_MEMBERS_MANUALLY: 'off' })).toThrow(
      new ConfigError(['APPROVE_MEMBERS_MANUALLY: Invalid option: expected one of "0"|"1"|"true"|"false"|"yes"|"no"']),
    );
  });
});

describe('STRIPE_* (#20)', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

  it('takes the three keys together, with Stripe’s API and Stripe.js by default', () => {
    expect(loadConfig(keys).stripe).toEqual({
      keys: { secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' },
      apiBaseUrl: 'https://api.stripe.com',
      jsUrl: 'https://js.stripe.com/v3/',
    });
    expect(loadConfig({}).stripe.keys).toBeUndefined();
  });

  it('refuses some keys without the others, and a key of the wrong kind, naming the settings', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      new ConfigError(['STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none']),
    );
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_1' })).toThrow(
      new ConfigError(['STRIPE_PUBLISHABLE_KEY: a Stripe publishable key: pk_…']),
    );
  });
});

describe('VITRINE_ROLE (#23)', () => {
  it('is all unless set, and takes web or worker', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ VITRINE_ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ VITRINE_ROLE: 'worker' }).role).toBe('worker');
  });

  it('refuses any other role, naming the setting and the roles', () => {
    expect(() => loadConfig({ VITRINE_ROLE: 'boss' })).toThrow(new ConfigError(['VITRINE_ROLE: must be one of web, worker, all']));
  });
});

describe('PORT (#23)', () => {
  it('is 3000 unless set, and takes a port or 0 for a free one', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(loadConfig({ PORT: '8080' }).port).toBe(8080);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({}, { PORT: '8081' }).port).toBe(8081);
  });

  it('reads PORT= as unset, as every setting (and METRICS_PORT=) is read', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ METRICS_PORT: '' }).metrics.port).toBeUndefined();
  });

  // the same parser as METRICS_PORT (z.coerce once read PORT=8e3 as 8000 and PORT=0x50 as 80)
  it.each([['80x'], ['70000'], ['-1'], ['8e3'], ['0x50'], [' 80']])('refuses PORT=%j, naming the setting', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(new ConfigError(['PORT: must be a port number, 0 to 65535']));
  });
});

describe('METRICS_PORT and METRICS_HOST (#23)', () => {
  it('are unset and loopback by default: a worker then answers on PORT, at 127.0.0.1', () => {
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1' });
  });

  it('take a port and an address to bind, 0 for a free port', () => {
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '::1' }).metrics).toEqual({ port: 0, host: '::1' });
    expect(loadConfig({ METRICS_HOST: 'metrics.internal' }).metrics.host).toBe('metrics.internal');
  });

  it('take the --metrics-port flag over the environment', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }, { METRICS_PORT: '9465' }).metrics.port).toBe(9465);
  });

  it.each([['abc'], ['65536'], ['-1'], ['94.64'], ['0x50'], [' 9464']])('refuse METRICS_PORT=%j, naming the setting', (value) => {
    expect(() => loadConfig({ METRICS_PORT: value })).toThrow(new ConfigError(['METRICS_PORT: must be a port number, 0 to 65535']));
  });

  it.each([['0.0.0.0:9464'], ['http://10.0.0.5'], ['two words']])('refuse METRICS_HOST=%j, naming the setting', (value) => {
    expect(() => loadConfig({ METRICS_HOST: value })).toThrow(
      new ConfigError(['METRICS_HOST: must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name, without a port']),
    );
  });
});

describe('VACUUM_INTERVAL_MS (#22)', () => {
  it('is a minute unless set, and takes 0 (off) or an interval of a second or more', () => {
    expect(loadConfig({}).vacuum).toEqual({ intervalMs: 60_000 });
    expect(loadConfig({ VACUUM_INTERVAL_MS: '0' }).vacuum).toEqual({ intervalMs: 0 });
    expect(loadConfig({ VACUUM_INTERVAL_MS: '1000' }).vacuum).toEqual({ intervalMs: 1000 });
    expect(loadConfig({ VACUUM_INTERVAL_MS: '86400000' }).vacuum).toEqual({ intervalMs: 86_400_000 });
  });

  it.each([['1'], ['999']])('refuses VACUUM_INTERVAL_MS=%j: a turn every few ms would hold the database', (value) => {
    expect(() => loadConfig({ VACUUM_INTERVAL_MS: value })).toThrow(
      new ConfigError(['VACUUM_INTERVAL_MS: must be 0 (off) or at least 1000 ms']),
    );
  });

  it.each([['-1'], ['1.5'], ['soon'], ['86400001']])('refuses VACUUM_INTERVAL_MS=%j, naming the setting', (value) => {
    expect(() => loadConfig({ VACUUM_INTERVAL_MS: value })).toThrow(/^invalid configuration:\n {2}- VACUUM_INTERVAL_MS: /);
  });
});
