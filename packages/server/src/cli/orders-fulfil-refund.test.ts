/** `vitrine orders fulfil` with lines and carriers, and `vitrine orders refund` (#20), on a closed data directory. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { insertPlacedOrder, productQuantityIn, trackedProduct } from '../../test/support/order-rows.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine orders fulfil and refund', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let productId: string;
  /** 3 mugs at 10.00 + 5.00 shipping: 35.00 */
  let order: { id: string; number: string };
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
    const database = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    productId = await trackedProduct(database.db, 'Mug', 10);
    order = await insertPlacedOrder(database.db, { productId, quantity: 3, email: 'ada@example.com' });
    await database.close();
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['orders', ...argv], data.env);

  const stock = () => productQuantityIn(data.dir, productId);

  it('fulfils a line in parcels with a carrier, then refunds part, a restocked line and the rest', async () => {
    const parcel = await run('fulfil', order.number, '--line', '1=1', '--carrier', 'ups', '--tracking-number', '1Z9');
    expect([parcel.code, parcel.out]).toEqual([
      0,
      `order ${order.number} partly fulfilled: 1 × Mug by UPS (tracking 1Z9, https://www.ups.com/track?tracknum=1Z9)`,
    ]);
    const tooMany = await run('fulfil', order.number, '--line', '1=3');
    expect(tooMany.code).toBe(1);
    expect(tooMany.err).toMatch(
      /^vitrine: order \d+: More units than remain to be fulfilled on this line: nothing was recorded \(line [^:]+: 2 left, 3 asked\)$/,
    );
    const rest = await run('fulfil', order.number);
    expect(rest.out).toBe(`order ${order.number} fulfilled: 2 × Mug by Other`);

    const unpaid = await run('refund', order.number, '--reason', 'Late');
    expect([unpaid.code, unpaid.err]).toEqual([1, `vitrine: order ${order.number}: Only a paid order can be refunded`]);
    await run('mark-paid', order.number);
    const part = await run('refund', order.number, '--amount', '5.00', '--reason', 'Late');
    expect(part.out).toBe(`order ${order.number} partly refunded: $5.00 ($5.00 of $35.00 in all)`);
    expect(await stock()).toBe(7);
    const line = await run('refund', order.number, '--line', '1=1', '--restock', '--reason', 'Returned');
    expect(line.out).toBe(`order ${order.number} partly refunded: $10.00 ($15.00 of $35.00 in all)`);
    expect(await stock()).toBe(8);
    const over = await run('refund', order.number, '--amount', '20.01', '--reason', 'Goodwill');
    expect([over.code, over.err]).toEqual([
      1,
      `vitrine: order ${order.number}: The refunds would come to more than was paid: nothing was refunded (20.00 left to refund, 20.01 asked)`,
    ]);
    const all = await run('refund', order.number, '--reason', 'Closing');
    expect(all.out).toBe(`order ${order.number} fully refunded: $20.00 ($35.00 of $35.00 in all)`);

    const shown = (await run('show', order.number)).out.split('\n');
    expect(shown.filter((shownLine) => /^ {2}(parcel|refund) /.test(shownLine))).toEqual([
      expect.stringMatching(/^ {2}parcel {6}\d{4}-.*Z: 1 × Mug by UPS \(tracking 1Z9, https:\/\/www\.ups\.com\/track\?tracknum=1Z9\)$/),
      expect.stringMatching(/^ {2}parcel {6}\d{4}-.*Z: 2 × Mug by Other$/),
      expect.stringMatching(/^ {2}refund {6}\d{4}-.*Z: \$5\.00: Late$/),
      expect.stringMatching(/^ {2}refund {6}\d{4}-.*Z: \$10\.00 for 1 × Mug, restocked: Returned$/),
      expect.stringMatching(/^ {2}refund {6}\d{4}-.*Z: \$20\.00 for 2 × Mug: Closing$/),
    ]);
  });

  it.each([
    [['fulfil', '1', '--carrier', 'pony'], "orders fulfil: --carrier 'pony' must be one of"],
    [
      ['fulfil', '1', '--carrier', 'ups', '--tracking-url', 'https://x.example/1'],
      "orders fulfil: --tracking-url 'https://x.example/1' is made from",
    ],
    [['fulfil', '1', '--line', '1'], "orders fulfil: --line '1' must be <line>=<units>, such as 2=1"],
    [['refund', '1'], 'orders refund: missing --reason'],
    [
      ['refund', '1', '--reason', 'x', '--amount', '1,50'],
      "orders refund: --amount '1,50' must be a positive decimal amount, such as 12.50",
    ],
    [['refund', '1', '--reason', 'x', '--amount', '2', '--restock'], 'orders refund: --restock gives back the stock of refunded lines'],
  ])('%j exits 2 naming the flag', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toContain(`vitrine ${message}`);
  });

  it('names a line the order does not have (exit 2)', async () => {
    const result = await run('fulfil', order.number, '--line', '4=1');
    expect([result.code, result.err.split('\n')[0]]).toEqual([
      2,
      `vitrine orders fulfil: --line '4=1': order ${order.number} has no line 4 (it has 1)`,
    ]);
  });
});
