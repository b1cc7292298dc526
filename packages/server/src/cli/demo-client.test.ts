import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { isRegisteredUri } from '../domains/oauth/clients.js';
import { demoClient } from './demo-client.js';

describe('demo client', () => {
  it('allows the storefront callbacks under the public URL', () => {
    const client = demoClient({ publicUrl: 'https://shop.example', production: true });
    expect(client).toEqual({
      id: 'demo',
      name: 'Vitrine demo shop',
      redirectUris: [
        'https://shop.example/',
        'https://shop.example/me/callback',
        'https://shop.example/me/login',
        'https://shop.example/thank-you',
        'https://shop.example/cart',
      ],
      allowedOrigins: ['https://shop.example'],
    });
  });

  it('adds loopback on any port outside production only', () => {
    const client = demoClient({ publicUrl: 'http://127.0.0.1:3000', production: false });
    expect(client.redirectUris).toEqual([
      'http://127.0.0.1:3000/',
      'http://127.0.0.1:3000/me/callback',
      'http://127.0.0.1:3000/me/login',
      'http://127.0.0.1:3000/thank-you',
      'http://127.0.0.1:3000/cart',
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    expect(client.allowedOrigins).toEqual(['http://127.0.0.1:3000', 'http://localhost:*', 'http://127.0.0.1:*']);
  });

  it("accepts in production every callback the storefront's checkout button sends (checkoutReturns)", () => {
    const client = demoClient({ publicUrl: 'https://shop.example', production: true });
    // what apps/storefront's checkoutReturns() sends as the ecomCheckout session's callbacks
    const callbacks = ['https://shop.example/thank-you', 'https://shop.example/cart', 'https://shop.example/'];
    for (const url of callbacks) expect(isRegisteredUri(client, url), url).toBe(true);
  });

  it('uses the origin of a public URL with a path', () => {
    expect(demoClient({ publicUrl: 'https://example.com/shop', production: true }).allowedOrigins).toEqual(['https://example.com']);
  });
});

describe('vitrine seed', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
  });
  afterAll(() => data.remove());

  it('registers the demo client once however often it runs, and says how to seed a catalogue', async () => {
    const first = await vitrine(['seed', '--public-url', 'https://shop.example'], data.env);
    const second = await vitrine(['seed', '--public-url', 'https://shop.example'], data.env);
    expect(first.code).toBe(0);
    expect(second.out).toContain('No catalogue seeded: add --demo');
    const listed = (await vitrine(['clients', 'list'], data.env)).out;
    expect(listed.match(/^demo {2}Vitrine demo shop$/gm)).toHaveLength(1);
    expect(listed).toContain('https://shop.example/me/callback');
  });
});
