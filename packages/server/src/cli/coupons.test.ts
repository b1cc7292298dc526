import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';

describe('vitrine coupons', () => {
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  beforeAll(async () => {
    data = await tempDataDir();
    await vitrine(['migrate'], data.env);
  });
  afterAll(() => data?.remove());

  const run = (...argv: string[]) => vitrine(['coupons', ...argv], data.env);

  it('coupons create prints what the coupon does and its id', async () => {
    const result = await run('create', '--code', 'WELCOME10', '--kind', 'percent', '--value', '10', '--name', 'Welcome');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^coupon WELCOME10 created: 10 % off \(id [0-9a-f-]{36}\)$/);
  });

  it('coupons create takes conditions: minimum subtotal, period, usage limits', async () => {
    const result = await run(
      'create',
      '--code',
      'TENOFF',
      '--kind',
      'AMOUNT',
      '--value',
      '10',
      '--min-subtotal',
      '60',
      '--expires',
      '2030-01-01T00:00:00Z',
      '--usage-limit',
      '5',
      '--per-customer',
      '1',
    );
    expect(result.out).toMatch(/^coupon TENOFF created: 10.00 off, min 60.00, until 2030-01-01T00:00:00.000Z \(id /);
  });

  it('coupons create refuses a code another coupon has, in any case (exit 1)', async () => {
    await run('create', '--code', 'TAKEN', '--kind', 'FREE_SHIPPING');
    const result = await run('create', '--code', 'taken', '--kind', 'FREE_SHIPPING');
    expect(result.code).toBe(1);
    expect(result.err).toBe("vitrine: Another coupon already has this code ('taken')");
  });

  it.each([
    [['--code', 'BAD', '--kind', 'PERCENT', '--value', '110'], "--value '110' must be a percentage from 0 to 100"],
    [['--code', 'TWO WORDS', '--kind', 'PERCENT', '--value', '5'], "--code 'TWO WORDS' must not contain spaces"],
    [['--code', 'BAD', '--kind', 'BOGO'], "--kind 'BOGO' must be one of PERCENT, AMOUNT, FREE_SHIPPING, FIXED_PRICE"],
    [['--code', 'BAD', '--kind', 'AMOUNT', '--value', '5.001'], "--value '5.001' must have at most 2 decimals (USD)"],
    [['--code', 'BAD', '--kind', 'PERCENT', '--value', '5', '--usage-limit', '0'], "--usage-limit '0' must be a whole number from 1"],
    [['--code', 'BAD', '--kind', 'PERCENT', '--value', '5', '--expires', 'soon'], "--expires 'soon' must be an ISO 8601 date-time"],
    [
      ['--code', 'BAD', '--kind', 'PERCENT', '--value', '5', '--starts', '2030-01-02T00:00:00Z', '--expires', '2030-01-01T00:00:00Z'],
      "--expires '2030-01-01T00:00:00Z' must be after startsAt",
    ],
    [['--code', 'BAD', '--kind', 'PERCENT', '--value', '5', '--products', 'not-an-id'], "--products 'not-an-id' must be a UUID"],
    [
      ['--code', 'BAD', '--kind', 'PERCENT', '--value', '5', '--products', '00000000-0000-4000-8000-000000000000'],
      "--products '00000000-0000-4000-8000-000000000000' is not an existing product",
    ],
    [['--code', 'BAD', '--kind', 'PERCENT', '--products', 'a', '--collections', 'b'], '--products and --collections cannot be combined'],
    [['--kind', 'PERCENT'], 'missing --code'],
  ])('coupons create %j exits 2 naming the flag', async (args, message) => {
    const result = await run('create', ...args);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toContain(`vitrine coupons create: ${message}`);
  });

  it('coupons list shows each coupon with its usage, newest first; --code narrows', async () => {
    await run('create', '--code', 'LISTA', '--kind', 'PERCENT', '--value', '5', '--usage-limit', '3');
    await run('create', '--code', 'LISTB', '--kind', 'FIXED_PRICE', '--value', '1', '--inactive');
    const result = await run('list', '--code', 'list');
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      expect.stringMatching(/^LISTB +each item at 1.00 +used 0 +inactive +[0-9a-f-]{36}$/),
      expect.stringMatching(/^LISTA +5 % off +used 0\/3 +active +[0-9a-f-]{36}$/),
    ]);
    const paged = await run('list', '--code', 'list', '--limit', '1');
    expect(paged.out).toContain('(2 in all; --offset 1 for more)');
    expect((await run('list', '--limit', '0')).code).toBe(2);
  });

  it('coupons delete removes a coupon by code, and fails for an unknown one', async () => {
    await run('create', '--code', 'GONE', '--kind', 'PERCENT', '--value', '5');
    const result = await run('delete', 'gone');
    expect([result.code, result.out]).toEqual([0, 'coupon GONE deleted']);
    const again = await run('delete', 'GONE');
    expect([again.code, again.err]).toEqual([1, "vitrine: No coupon has this code ('GONE')"]);
  });
});
