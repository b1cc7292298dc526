import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../../test/support/cli.js';
import { startServe } from '../../test/support/serve-process.js';
import { readImageHeader } from '../domains/catalog/image-header.js';
import { DEMO_CLIENT_ID } from './demo-client.js';

/** The products a shopper sees on a running server (through the demo shop's own client). */
const shopperQuery = (url: string) =>
  createClient({ host: url, modules: { products }, auth: OAuthStrategy({ clientId: DEMO_CLIENT_ID }) })
    .products.queryProducts()
    .limit(100)
    .find();

describe('vitrine serve and the demo shop', () => {
  it('seeds the demo catalogue on the first start only, and says so', async () => {
    const data = await tempDataDir();
    try {
      const first = await startServe(data.dir);
      try {
        expect(first.out()).toContain('first start: seeding the demo catalogue (--no-demo turns this off)');
        expect(first.out()).toContain('seeded the demo catalogue: 60 products in 8 collections');
        // The demo merchant's link opens the page where they choose a password.
        const merchantLine = /demo merchant owner@example\.com: choose a password at (\S+), then sign in at (\S+)/.exec(first.out());
        expect(merchantLine?.[2]).toBe(`${first.url}/console`);
        const passwordPage = await fetch(merchantLine?.[1] as string);
        expect(passwordPage.status).toBe(200);
        expect(await passwordPage.text()).toContain('<form');
        const page = await shopperQuery(first.url);
        expect(page.totalCount).toBe(57);
        const picture = await fetch(page.items[0]?.media?.mainMedia?.image?.url as string);
        expect(readImageHeader(new Uint8Array(await picture.arrayBuffer()))).toEqual({ type: 'image/png', width: 800, height: 800 });
      } finally {
        expect(await first.stop()).toBe(0);
      }
      const second = await startServe(data.dir);
      try {
        expect(second.out()).not.toContain('seed');
        expect(second.out()).not.toContain('demo merchant');
        expect((await shopperQuery(second.url)).totalCount).toBe(57);
      } finally {
        await second.stop();
      }
    } finally {
      await data.remove();
    }
  }, 180_000);

  it.each([
    ['--no-demo', ['--no-demo'], {}],
    ['VITRINE_DEMO=false', [], { VITRINE_DEMO: 'false' }],
  ])(
    'does not seed with %s',
    async (_how, args, env) => {
      const data = await tempDataDir();
      try {
        const served = await startServe(data.dir, args, env);
        try {
          expect(served.out()).not.toContain('seed');
          expect((await shopperQuery(served.url)).totalCount).toBe(0);
        } finally {
          await served.stop();
        }
      } finally {
        await data.remove();
      }
    },
    120_000,
  );
});
