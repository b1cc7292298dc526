import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { OrderStatusLinks } from '../domains/checkout/order-status-links.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine orders rotate-links (#20)', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data.remove());

  /** Runs `work` with the order-status links over the data directory (closed after). */
  async function withLinks<T>(work: (links: OrderStatusLinks) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      const links = new OrderStatusLinks({ db: handle.db, publicUrl: 'https://shop.example' });
      await links.init();
      return await work(links);
    } finally {
      await handle.close();
    }
  }

  it('retires the secret: a link issued before stops verifying, a new one verifies', async () => {
    const order = { id: crypto.randomUUID() };
    const before = await withLinks(async (links) => links.orderStatusUrl(order));
    const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;
    expect(await withLinks((links) => links.verify(order.id, tokenOf(before)))).toBe(true);
    const result = await vitrine(['orders', 'rotate-links'], data.env);
    expect(result.code).toBe(0);
    expect(result.out).toBe('order-status links now signed with a new secret; links issued before no longer open');
    const after = await withLinks(async (links) => ({
      old: await links.verify(order.id, tokenOf(before)),
      url: links.orderStatusUrl(order),
    }));
    expect(after.old).toBe(false);
    expect(after.url).not.toBe(before);
    expect(await withLinks((links) => links.verify(order.id, tokenOf(after.url)))).toBe(true);
  });
});
