import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { insertPlacedOrder, trackedProduct } from '../../test/support/order-rows.js';
import { openDatabase } from '../platform/db/database.js';

describe('vitrine orders', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let productId: string;
  /** a: 1 unit by ada, b: 2 units by grace, c: 3 units by ada (newest) */
  const orders: Record<'a' | 'b' | 'c', { id: string; number: string }> = {} as never;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
    // No command places orders: they are written straight to the (closed) data directory.
    const database = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    productId = await trackedProduct(database.db, 'Mug', 10);
    orders.a = await insertPlacedOrder(database.db, { productId, quantity: 1, email: 'ada@example.com' });
    orders.b = await insertPlacedOrder(database.db, { productId, quantity: 2, email: 'grace@example.org' });
    orders.c = await insertPlacedOrder(database.db, { productId, quantity: 3, email: 'Ada.Byron@example.com' });
    await database.close();
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['orders', ...argv], data.env);

  /** The product's quantity (the data directory opened after the command closed it). */
  async function stock(): Promise<number | null> {
    const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
    try {
      return (await handle.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow()).quantity;
    } finally {
      await handle.close();
    }
  }

  it('orders list shows every order, newest first, one line each', async () => {
    const result = await run('list');
    expect(result.code).toBe(0);
    const row = (order: { id: string; number: string }, email: string, total: string) =>
      new RegExp(
        `^#${order.number} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +${email.replace('.', '\\.')} +\\${total} +APPROVED +NOT_PAID +NOT_FULFILLED +${order.id}$`,
      );
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(row(orders.c, 'Ada.Byron@example.com', '$35.00')),
      expect.stringMatching(row(orders.b, 'grace@example.org', '$25.00')),
      expect.stringMatching(row(orders.a, 'ada@example.com', '$15.00')),
    ]);
  });

  it('orders show takes a number or an id and prints the order', async () => {
    const byNumber = await run('show', orders.b.number);
    expect(byNumber.code).toBe(0);
    expect(byNumber.out.split('\n')).toEqual([
      `order ${orders.b.number} (id ${orders.b.id})`,
      expect.stringMatching(/^ {2}placed {6}\d{4}-.*Z, updated .*Z$/),
      '  status      APPROVED, payment NOT_PAID (Bank transfer), fulfilment NOT_FULFILLED',
      '  buyer       grace@example.org',
      '  item        2 × Mug: $20.00',
      '  total       $25.00 (subtotal $20.00, discount $0.00, shipping $5.00, tax $0.00)',
      '  shipping    Standard shipping to 1 Main St, Springfield, US',
    ]);
    const byId = await run('show', orders.b.id, '--json');
    expect(JSON.parse(byId.out)).toMatchObject({ id: orders.b.id, number: orders.b.number, buyerInfo: { email: 'grace@example.org' } });
  });

  it('orders mark-paid, fulfil and cancel change the order; list filters by status and payment', async () => {
    const paid = await run('mark-paid', orders.a.number);
    expect([paid.code, paid.out]).toEqual([0, `order ${orders.a.number} marked as paid`]);
    const fulfilled = await run('fulfil', orders.a.id, '--tracking-number', '1Z999', '--tracking-url', 'https://track.example/1Z999');
    expect([fulfilled.code, fulfilled.out]).toEqual([
      0,
      `order ${orders.a.number} fulfilled: 1 × Mug by Other (tracking 1Z999, https://track.example/1Z999)`,
    ]);
    const shown = await run('show', orders.a.number);
    expect(shown.out).toMatch(
      /\n {2}paid {8}\d{4}-[^\n]*Z\n {2}fulfilled {3}\d{4}-[^\n]*Z, tracking 1Z999, https:\/\/track\.example\/1Z999\n {2}parcel {6}[^\n]*Z: 1 × Mug by Other \(tracking 1Z999, https:\/\/track\.example\/1Z999\)$/,
    );

    expect(await stock()).toBe(4);
    const canceled = await run('cancel', orders.c.number, '--reason', 'Asked by the buyer');
    expect([canceled.code, canceled.out]).toEqual([0, `order ${orders.c.number} canceled (its stock is given back)`]);
    expect(await stock()).toBe(7);

    const byStatus = await run('list', '--status', 'canceled');
    expect(byStatus.out).toMatch(new RegExp(`^#${orders.c.number} .* CANCELED +NOT_PAID +NOT_FULFILLED +${orders.c.id}$`));
    const unpaid = await run('list', '--payment', 'NOT_PAID,PENDING', '--status', 'APPROVED');
    expect(unpaid.out.split('\n').map((line) => line.split(' ')[0])).toEqual([`#${orders.b.number}`]);
    const json = JSON.parse((await run('list', '--payment', 'paid', '--json')).out);
    expect(json.orders.map((order: { id: string }) => order.id)).toEqual([orders.a.id]);
    expect(json.metadata).toEqual({ count: 1, offset: 0, total: 1 });
    const sorted = await run('list', '--email', 'ADA', '--sort', 'total:desc');
    expect(sorted.out.split('\n').map((line) => line.split(' ')[0])).toEqual([`#${orders.c.number}`, `#${orders.a.number}`]);
    const paged = await run('list', '--limit', '1');
    expect(paged.out.split('\n').at(-1)).toBe('(3 in all; --offset 1 for more)');
  });

  it('refuses what the order state does not allow (exit 1), giving no stock back twice', async () => {
    const again = await run('cancel', orders.c.number);
    expect([again.code, again.err]).toEqual([1, `vitrine: order ${orders.c.number}: The order is already canceled`]);
    expect(await stock()).toBe(7);
    const fulfilled = await run('cancel', orders.a.number);
    expect(fulfilled.err).toBe(`vitrine: order ${orders.a.number}: The order is fulfilled: a fulfilled order cannot be canceled`);
    const paid = await run('mark-paid', orders.a.number);
    expect([paid.code, paid.err]).toEqual([1, `vitrine: order ${orders.a.number}: The order is already marked as paid`]);
    const unknown = await run('show', '424242');
    expect([unknown.code, unknown.err]).toEqual([1, "vitrine: no order '424242'"]);
  });

  it.each([
    [['list', '--status', 'SHIPPED'], "orders list: --status 'SHIPPED' must be one of APPROVED, CANCELED"],
    [
      ['list', '--payment', 'paid,unpaid'],
      "orders list: --payment 'unpaid' must be one of NOT_PAID, PENDING, PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED",
    ],
    [['list', '--from', 'yesterday'], "orders list: --from 'yesterday' must be an ISO 8601 date-time"],
    [
      ['list', '--sort', 'email'],
      "orders list: --sort 'email' must be one of createdDate, number, total, optionally followed by :asc or :desc",
    ],
    [['list', '--limit', '0'], "orders list: --limit '0' must be a whole number from 1 to 100"],
    [['fulfil', '1', '--tracking-url', 'ftp://x'], "orders fulfil: --tracking-url 'ftp://x' must be an https URL"],
    [['cancel'], 'orders cancel: missing <order>'],
  ])('%j exits 2 naming the flag', async (args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(`vitrine ${message}`);
  });

  it('orders --help lists the commands, and each command has its help', async () => {
    const group = await vitrine(['orders', '--help'], data.env);
    expect(group.code).toBe(0);
    for (const command of ['orders list', 'orders show', 'orders mark-paid', 'orders fulfil', 'orders cancel'])
      expect(group.out).toContain(command);
    const help = await run('fulfil', '--help');
    expect(help.out).toContain('--tracking-number <text>');
    expect(help.out).toContain('--tracking-url <url>');
  });
});
