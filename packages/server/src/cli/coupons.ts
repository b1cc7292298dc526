import { isUuid } from '../domains/pricing/deps.js';
import { CreateCouponBody, type WireCoupon } from '../domains/pricing/schemas.js';
import { type CliCommand, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { choiceFlag, type FlagNames, listFlag, parseInput, refusalsAsCli, table, wholeFlag, withPricing } from './pricing-cli.js';

const KINDS = ['PERCENT', 'AMOUNT', 'FREE_SHIPPING', 'FIXED_PRICE'] as const;

/** API field → flag of `coupons create`. */
const CREATE_FLAGS: FlagNames = {
  code: 'code',
  name: 'name',
  kind: 'kind',
  value: 'value',
  minimumSubtotal: 'min-subtotal',
  startsAt: 'starts',
  expiresAt: 'expires',
  usageLimit: 'usage-limit',
  limitPerCustomer: 'per-customer',
};

/** `vitrine coupons create`. */
export const couponsCreate: CliCommand = {
  name: 'coupons create',
  summary: 'Create a coupon shoppers can apply to their cart',
  flags: {
    code: {
      type: 'string',
      value: '<code>',
      required: true,
      description: 'What shoppers type: 1-64 characters, no spaces (any case matches)',
    },
    kind: { type: 'string', value: '<kind>', required: true, description: `${KINDS.join(', ')}` },
    value: {
      type: 'string',
      value: '<n>',
      description: 'PERCENT: 0-100; AMOUNT: the amount off; FIXED_PRICE: the price of each eligible unit',
    },
    name: { type: 'string', value: '<text>', description: 'What the cart shows (default: the code)' },
    'min-subtotal': { type: 'string', value: '<amount>', description: "The eligible lines' subtotal must reach it" },
    starts: { type: 'string', value: '<iso date>', description: 'Valid from (e.g. 2026-12-01T00:00:00Z)' },
    expires: { type: 'string', value: '<iso date>', description: 'Valid until' },
    'usage-limit': { type: 'string', value: '<n>', description: 'Orders it can be used in, in total' },
    'per-customer': { type: 'string', value: '<n>', description: 'Orders per customer (member or e-mail)' },
    products: { type: 'string', value: '<ids>', multiple: true, description: 'Only these products (comma-separated ids)' },
    collections: { type: 'string', value: '<ids>', multiple: true, description: 'Only the products of these collections' },
    inactive: { type: 'boolean', description: 'Create it switched off' },
    ...databaseFlags,
  },
  notes: [
    'Amounts are in the shop currency (SHOP_CURRENCY), as decimals: --value 10.00.',
    'Examples:',
    '  vitrine coupons create --code WELCOME10 --kind PERCENT --value 10',
    '  vitrine coupons create --code SHIPFREE --kind FREE_SHIPPING --min-subtotal 50',
  ],
  async run(invocation) {
    const products = listFlag(invocation, 'products');
    const collections = listFlag(invocation, 'collections');
    if (products && collections) throw new UsageError('--products and --collections cannot be combined');
    const scope = products ? 'PRODUCTS' : collections ? 'COLLECTIONS' : 'ALL';
    const input = parseInput(
      CreateCouponBody,
      {
        code: invocation.string('code'),
        name: invocation.string('name') ?? invocation.string('code'),
        kind: choiceFlag(invocation, 'kind', KINDS),
        value: invocation.string('value'),
        scope,
        scopeIds: products ?? collections ?? [],
        minimumSubtotal: invocation.string('min-subtotal'),
        startsAt: invocation.string('starts'),
        expiresAt: invocation.string('expires'),
        usageLimit: wholeFlag(invocation, 'usage-limit', 1),
        limitPerCustomer: wholeFlag(invocation, 'per-customer', 1),
        active: !invocation.flag('inactive'),
      },
      invocation,
      { ...CREATE_FLAGS, scopeIds: products ? 'products' : 'collections' },
    );
    const coupon = await withPricing(invocation, (pricing) =>
      refusalsAsCli(pricing.coupons.create(input), invocation, { ...CREATE_FLAGS, scopeIds: products ? 'products' : 'collections' }),
    );
    invocation.io.out(`coupon ${coupon.code} created: ${describeCoupon(coupon)} (id ${coupon.id})`);
    return 0;
  },
};

/** `vitrine coupons list`. */
export const couponsList: CliCommand = {
  name: 'coupons list',
  summary: 'List coupons, newest first',
  flags: {
    code: { type: 'string', value: '<prefix>', description: 'Only codes starting with this' },
    limit: { type: 'string', value: '<n>', description: 'How many, 1 to 200 (default 50)' },
    offset: { type: 'string', value: '<n>', description: 'Skip this many (default 0)' },
    ...databaseFlags,
  },
  async run(invocation) {
    const limit = wholeFlag(invocation, 'limit', 1, 200) ?? 50;
    const offset = wholeFlag(invocation, 'offset', 0, 2_147_483_647) ?? 0;
    const page = await withPricing(invocation, (pricing) => pricing.coupons.list({ limit, offset, code: invocation.string('code') }));
    if (page.total === 0) invocation.io.out("no coupons ('vitrine coupons create --code C --kind K' makes one)");
    const rows = page.coupons.map((coupon) => [
      coupon.code,
      describeCoupon(coupon),
      usage(coupon),
      coupon.active ? 'active' : 'inactive',
      coupon.id,
    ]);
    for (const line of table(rows)) invocation.io.out(line);
    if (page.total > offset + page.coupons.length)
      invocation.io.out(`(${page.total} in all; --offset ${offset + page.coupons.length} for more)`);
    return 0;
  },
};

/** `vitrine coupons delete <code>`. */
export const couponsDelete: CliCommand = {
  name: 'coupons delete',
  summary: 'Delete a coupon (carts holding it drop it)',
  positionals: [{ name: 'code', description: "The coupon's code (any case) or id" }],
  flags: { ...databaseFlags },
  async run(invocation) {
    const ref = invocation.positionals[0];
    const code = await withPricing(invocation, async (pricing) => {
      const coupon = isUuid(ref)
        ? await refusalsAsCli(pricing.coupons.get(ref), invocation, {})
        : await refusalsAsCli(pricing.coupons.getByCode(ref), invocation, {});
      await pricing.coupons.delete(coupon.id);
      return coupon.code;
    });
    invocation.io.out(`coupon ${code} deleted`);
    return 0;
  },
};

/** "10 % off", "10.00 off", "free shipping", then the conditions. */
function describeCoupon(coupon: WireCoupon): string {
  const what = {
    PERCENT: `${coupon.value} % off`,
    AMOUNT: `${coupon.value} off`,
    FREE_SHIPPING: 'free shipping',
    FIXED_PRICE: `each item at ${coupon.value}`,
  }[coupon.kind];
  const parts = [what];
  if (coupon.scope !== 'ALL') parts.push(`${coupon.scopeIds.length} ${coupon.scope.toLowerCase()} only`);
  if (coupon.minimumSubtotal) parts.push(`min ${coupon.minimumSubtotal}`);
  if (coupon.startsAt) parts.push(`from ${coupon.startsAt}`);
  if (coupon.expiresAt) parts.push(`until ${coupon.expiresAt}`);
  return parts.join(', ');
}

function usage(coupon: WireCoupon): string {
  const limits = [
    coupon.usageLimit === null ? '' : `/${coupon.usageLimit}`,
    coupon.limitPerCustomer === null ? '' : ` (${coupon.limitPerCustomer} each)`,
  ];
  return `used ${coupon.timesUsed}${limits.join('')}`;
}
