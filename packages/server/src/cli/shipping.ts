import { CreateOptionBody, CreateRegionBody, type WireShippingOption } from '../domains/pricing/shipping-schemas.js';
import { type CliCommand, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { choiceFlag, type FlagNames, listFlag, parseInput, refusalsAsCli, table, wholeFlag, withPricing } from './pricing-cli.js';

const REGION_FLAGS: FlagNames = { name: 'name', countries: 'countries', subdivisions: 'subdivisions', position: 'position' };

/** `vitrine shipping add-region`. */
export const shippingAddRegion: CliCommand = {
  name: 'shipping add-region',
  summary: 'Add a shipping region: countries, optionally narrowed to subdivisions',
  flags: {
    name: { type: 'string', value: '<text>', required: true, description: 'What the merchant calls it' },
    countries: {
      type: 'string',
      value: '<codes>',
      required: true,
      multiple: true,
      description: "ISO 3166-1 alpha-2 codes, comma-separated, or '*' for the rest of the world",
    },
    subdivisions: { type: 'string', value: '<codes>', multiple: true, description: 'ISO 3166-2 codes (US-AK) narrowing the countries' },
    position: { type: 'string', value: '<n>', description: 'Listing order (default 0)' },
    ...databaseFlags,
  },
  notes: [
    'An address falls in the most specific region naming its country (and subdivision); addresses',
    "no region names use the '*' region; without one they cannot be shipped to.",
    'Examples:',
    '  vitrine shipping add-region --name "United States" --countries US',
    "  vitrine shipping add-region --name 'Rest of world' --countries '*'",
  ],
  async run(invocation) {
    const input = parseInput(
      CreateRegionBody,
      {
        name: invocation.string('name'),
        countries: listFlag(invocation, 'countries'),
        subdivisions: listFlag(invocation, 'subdivisions'),
        position: wholeFlag(invocation, 'position', 0),
      },
      invocation,
      REGION_FLAGS,
    );
    const region = await withPricing(invocation, (pricing) =>
      refusalsAsCli(pricing.shipping.createRegion(input), invocation, REGION_FLAGS),
    );
    invocation.io.out(`region '${region.name}' created (id ${region.id}): ${regionPlace(region)}`);
    return 0;
  },
};

const KINDS = ['FLAT', 'WEIGHT', 'PICKUP'] as const;
const OPTION_FLAGS: FlagNames = {
  code: 'code',
  title: 'title',
  kind: 'kind',
  price: 'price',
  weightTiers: 'tier',
  freeAbove: 'free-above',
  deliveryTime: 'delivery-time',
  carrierId: 'carrier',
  pickup: 'pickup-method',
  timeSlots: 'slot',
  position: 'position',
};

/** `vitrine shipping add-option`. */
export const shippingAddOption: CliCommand = {
  name: 'shipping add-option',
  summary: 'Add a shipping option (flat, weight-based or pickup) to a region',
  flags: {
    region: { type: 'string', value: '<id|name>', required: true, description: 'The region, by id or name' },
    code: {
      type: 'string',
      value: '<code>',
      required: true,
      description: 'What a selected shipping option names: 1-64 characters, no spaces, unique',
    },
    title: { type: 'string', value: '<text>', required: true, description: 'What the buyer sees' },
    kind: { type: 'string', value: '<kind>', required: true, description: KINDS.join(', ') },
    price: { type: 'string', value: '<amount>', description: 'FLAT and PICKUP: the price; WEIGHT: above the last tier (default 0)' },
    tier: {
      type: 'string',
      value: '<upTo:price>',
      multiple: true,
      description: 'WEIGHT: a tier, e.g. --tier 1:5.00 --tier 5:12.00 (ascending)',
    },
    'free-above': { type: 'string', value: '<amount>', description: 'Free when the discounted subtotal reaches it' },
    'delivery-time': { type: 'string', value: '<text>', description: 'e.g. "3-5 business days"' },
    carrier: { type: 'string', value: '<id>', description: 'The carrier id (default vitrine)' },
    'pickup-method': { type: 'string', value: '<method>', description: 'PICKUP: STORE_PICKUP or PICKUP_POINT' },
    'pickup-address': { type: 'string', value: '<line>', description: 'PICKUP: street address' },
    'pickup-city': { type: 'string', value: '<city>', description: 'PICKUP: city' },
    'pickup-country': { type: 'string', value: '<code>', description: 'PICKUP: country (ISO 3166-1 alpha-2)' },
    'pickup-postal-code': { type: 'string', value: '<code>', description: 'PICKUP: postal code' },
    instructions: { type: 'string', value: '<text>', description: 'PICKUP: what the buyer should know' },
    slot: {
      type: 'string',
      value: '<from/to>',
      multiple: true,
      description: 'A time slot of ISO dates, e.g. 2026-12-01T10:00:00Z/2026-12-01T12:00:00Z',
    },
    position: { type: 'string', value: '<n>', description: 'Order among the region’s options (default 0)' },
    inactive: { type: 'boolean', description: 'Create it switched off' },
    ...databaseFlags,
  },
  notes: [
    'Examples:',
    '  vitrine shipping add-option --region "United States" --code us-standard --title Standard --kind FLAT --price 5 --free-above 75',
    '  vitrine shipping add-option --region "United States" --code us-express --title Express --kind WEIGHT --tier 1:12 --tier 5:20 --price 35',
  ],
  async run(invocation) {
    const kind = choiceFlag(invocation, 'kind', KINDS);
    const input = parseInput(
      CreateOptionBody,
      {
        code: invocation.string('code'),
        title: invocation.string('title'),
        kind,
        price: invocation.string('price'),
        weightTiers: invocation.strings('tier').length ? invocation.strings('tier').map(tierOf) : undefined,
        freeAbove: invocation.string('free-above'),
        deliveryTime: invocation.string('delivery-time'),
        carrierId: invocation.string('carrier'),
        pickup: pickupOf(invocation),
        timeSlots: invocation.strings('slot').length ? invocation.strings('slot').map(slotOf) : undefined,
        position: wholeFlag(invocation, 'position', 0),
        active: !invocation.flag('inactive'),
      },
      invocation,
      OPTION_FLAGS,
    );
    const option = await withPricing(invocation, async (pricing) => {
      const regionId = await refusalsAsCli(pricing.shipping.regionIdOf(invocation.string('region') ?? ''), invocation, {});
      return refusalsAsCli(pricing.shipping.addOption(regionId, input), invocation, OPTION_FLAGS);
    });
    invocation.io.out(`option ${option.code} created (id ${option.id}): ${describeOption(option)}`);
    return 0;
  },
};

/** `vitrine shipping list`. */
export const shippingList: CliCommand = {
  name: 'shipping list',
  summary: 'List the shipping regions and their options',
  flags: { ...databaseFlags },
  async run(invocation) {
    const regions = await withPricing(invocation, (pricing) => pricing.shipping.listRegions());
    if (regions.length === 0) invocation.io.out("no shipping regions ('vitrine shipping add-region' makes one)");
    for (const region of regions) {
      invocation.io.out(`${region.name} (${regionPlace(region)})  id ${region.id}`);
      if (region.options.length === 0) invocation.io.out('  (no options)');
      const rows = region.options.map((option) => [
        `  ${option.code}`,
        option.title,
        describeOption(option),
        option.active ? 'active' : 'inactive',
      ]);
      for (const line of table(rows)) invocation.io.out(line);
    }
    return 0;
  },
};

function regionPlace(region: { countries: string[]; subdivisions: string[] }): string {
  const where = region.countries.includes('*') ? 'rest of the world' : region.countries.join(', ');
  return region.subdivisions.length ? `${where}: ${region.subdivisions.join(', ')}` : where;
}

/** "FLAT 5.00, free above 75.00", "WEIGHT ≤1: 12.00, ≤5: 20.00, above: 35.00", "PICKUP 0.00 at ...". */
function describeOption(option: WireShippingOption): string {
  const parts: string[] = [];
  if (option.kind === 'WEIGHT')
    parts.push(`WEIGHT ${[...option.weightTiers.map((tier) => `up to ${tier.upTo}: ${tier.price}`), `above: ${option.price}`].join(', ')}`);
  else parts.push(`${option.kind} ${option.price}`);
  if (option.freeAbove) parts.push(`free above ${option.freeAbove}`);
  if (option.deliveryTime) parts.push(option.deliveryTime);
  const address = option.pickup?.address;
  // jsonb keeps keys in its own order: the address reads in the usual one.
  if (address)
    parts.push(
      `at ${['addressLine', 'addressLine2', 'city', 'postalCode', 'country']
        .map((field) => address[field])
        .filter(Boolean)
        .join(', ')}`,
    );
  if (option.timeSlots.length) parts.push(`${option.timeSlots.length} time slot${option.timeSlots.length > 1 ? 's' : ''}`);
  return parts.join(', ');
}

function tierOf(text: string): { upTo: string; price: string } {
  const match = /^([^:]+):(.+)$/.exec(text.trim());
  if (!match) throw new UsageError(`--tier '${text}' must be <upTo>:<price>, e.g. 1:5.00`);
  return { upTo: match[1].trim(), price: match[2].trim() };
}

function slotOf(text: string): { from: string; to: string } {
  const [from, to, extra] = text.split('/');
  if (!from || !to || extra !== undefined) throw new UsageError(`--slot '${text}' must be <from>/<to>, two ISO dates`);
  return { from: from.trim(), to: to.trim() };
}

function pickupOf(invocation: Invocation) {
  const method = invocation.string('pickup-method');
  const address = {
    addressLine: invocation.string('pickup-address'),
    city: invocation.string('pickup-city'),
    country: invocation.string('pickup-country'),
    postalCode: invocation.string('pickup-postal-code'),
  };
  const given = Object.values(address).some((value) => value !== undefined) || invocation.string('instructions') !== undefined;
  if (!method && !given) return undefined;
  if (!method) throw new UsageError('--pickup-method is required with the other pickup flags');
  const present = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined));
  return {
    method: method.toUpperCase(),
    ...(Object.keys(present).length && { address: present }),
    ...(invocation.string('instructions') !== undefined && { instructions: invocation.string('instructions') }),
  };
}
