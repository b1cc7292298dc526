import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

describe('vitrine clients', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data.remove());

  it('lists a client that clients create registered', async () => {
    const created = await vitrine(
      [
        'clients',
        'create',
        '--id',
        'my-shop',
        '--name',
        'My shop',
        '--redirect-uri',
        'https://my.shop/cb',
        '--redirect-uri',
        'http://localhost:*',
      ],
      data.env,
    );
    expect(created).toMatchObject({ code: 0, out: "client 'my-shop' created" });
    const listed = await vitrine(['clients', 'list'], data.env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('my-shop  My shop\n  redirect URIs:   https://my.shop/cb, http://localhost:*\n  allowed origins: (none)');
  });

  it('opens the data directory named by --data-dir as by VITRINE_DATA_DIR', async () => {
    await vitrine(['clients', 'create', '--id', 'by-flag', '--name', 'Flag', '--redirect-uri', 'https://flag.example/'], data.env);
    const listed = await vitrine(['clients', 'list', '--data-dir', data.dir]);
    expect(listed.out).toContain('by-flag  Flag');
  });

  it('updates the client when created again with the same id', async () => {
    const base = ['clients', 'create', '--id', 'twice', '--redirect-uri', 'https://twice.example/cb'];
    await vitrine([...base, '--name', 'First'], data.env);
    const again = await vitrine([...base, '--name', 'Second', '--origin', 'https://twice.example'], data.env);
    expect(again.out).toBe("client 'twice' updated");
    const listed = await vitrine(['clients', 'list'], data.env);
    expect(listed.out).toContain('twice  Second\n  redirect URIs:   https://twice.example/cb\n  allowed origins: https://twice.example');
    expect(listed.out).not.toContain('First');
  });

  it.each([['ab'], ['My-Shop'], ['shop_1'], ['a'.repeat(65)], ['']])('rejects the client id %j with exit 2', async (id) => {
    const result = await vitrine(['clients', 'create', '--id', id, '--name', 'x', '--redirect-uri', 'https://x.example/'], data.env);
    expect(result.code).toBe(2);
    expect(result.err).toContain('must be 3 to 64 characters of a-z, 0-9 and -');
  });

  it.each([
    ['/callback'],
    ['shop.example/cb'],
    ['ftp://shop.example/'],
    ['javascript:alert(1)'],
    ['https://u:p@shop.example/'],
    ['http://localhost:3000/#x'],
    ['http://example.com:*'],
  ])('rejects the redirect URI %j with exit 2', async (uri) => {
    const result = await vitrine(['clients', 'create', '--id', 'bad-uri', '--name', 'x', '--redirect-uri', uri], data.env);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`--redirect-uri '${uri}' must be an absolute http(s) URL or a loopback pattern`);
  });

  it.each([['https://shop.example/'], ['https://shop.example/path'], ['shop.example'], ['*']])(
    'rejects the origin %j with exit 2',
    async (origin) => {
      const result = await vitrine(
        ['clients', 'create', '--id', 'bad-origin', '--name', 'x', '--redirect-uri', 'https://shop.example/cb', '--origin', origin],
        data.env,
      );
      expect(result.code).toBe(2);
      expect(result.err).toContain(`--origin '${origin}' must be an origin`);
    },
  );

  it('accepts the loopback patterns as redirect URIs and origins', async () => {
    const loopback = ['http://localhost:*', 'http://127.0.0.1:*'];
    const result = await vitrine(
      ['clients', 'create', '--id', 'dev-shop', '--name', 'Dev', ...loopback.flatMap((uri) => ['--redirect-uri', uri, '--origin', uri])],
      data.env,
    );
    expect(result.code).toBe(0);
  });
});
