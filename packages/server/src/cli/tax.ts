import { plainDecimal } from '../domains/pricing/decimal-text.js';
import { CreateTaxRateBody, type WireTaxRate, type WireTaxSettings } from '../domains/pricing/schemas.js';
import { CountryCode } from '../platform/address/address-rules.js';
import { type CliCommand, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { choiceFlag, type FlagNames, listFlag, parseInput, refusalsAsCli, table, withPricing } from './pricing-cli.js';

const TYPES = ['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'] as const;
const MODES = ['MANUAL', 'AUTO', 'NONE'] as const;
const RATE_FLAGS: FlagNames = {
  name: 'name',
  jurisdictionType: 'type',
  country: 'country',
  subdivision: 'subdivision',
  county: 'county',
  city: 'city',
  postalCodes: 'postal-codes',
  rate: 'rate',
};
const PLACE_FLAGS = ['country', 'subdivision', 'county', 'city', 'postal-codes', 'name', 'type'];

/** `vitrine tax set`: a manual rate for a place, and/or the shop's tax settings. */
export const taxSet: CliCommand = {
  name: 'tax set',
  summary: "Add a manual tax rate for a place, or change the shop's tax settings",
  flags: {
    rate: { type: 'string', value: '<fraction>', description: 'The rate as a fraction: 0.0725 is 7.25 %' },
    country: { type: 'string', value: '<code>', description: 'ISO 3166-1 alpha-2 country of the rate' },
    subdivision: { type: 'string', value: '<code>', description: 'ISO 3166-2 state or province (US-NY)' },
    county: { type: 'string', value: '<name>', description: 'A county (needs --subdivision)' },
    city: { type: 'string', value: '<name>', description: 'A city (matched without regard to case)' },
    'postal-codes': {
      type: 'string',
      value: '<codes>',
      multiple: true,
      description: 'A county (required) or special district: the postal codes it covers',
    },
    type: { type: 'string', value: '<type>', description: `${TYPES.join(', ')} (default: from the most precise place flag)` },
    name: { type: 'string', value: '<text>', description: 'What receipts call it (default: the place)' },
    'exempt-shipping': { type: 'boolean', description: 'The rate does not apply to shipping' },
    included: { type: 'boolean', description: 'Catalogue prices include tax (EU style)' },
    excluded: { type: 'boolean', description: 'Tax is added on top of catalogue prices (US style)' },
    mode: {
      type: 'string',
      value: '<mode>',
      description: 'MANUAL (these rates), AUTO (an automatic provider: none is built in, the manual rates are the fallback), NONE',
    },
    'tax-shipping': { type: 'string', value: '<yes|no>', description: 'Whether shipping is taxed' },
    ...databaseFlags,
  },
  notes: [
    'Every rate whose place contains an address applies there, and they add up (state + city).',
    'Examples:',
    '  vitrine tax set --country US --subdivision US-NY --rate 0.04',
    '  vitrine tax set --country US --subdivision US-NY --city "New York" --rate 0.045',
    '  vitrine tax set --included --mode MANUAL',
  ],
  async run(inv) {
    const rate = inv.string('rate');
    const placeGiven =
      PLACE_FLAGS.some((flag) => inv.string(flag) !== undefined || inv.strings(flag).length > 0) || inv.flag('exempt-shipping');
    if (placeGiven && rate === undefined) throw new UsageError('missing --rate');
    const settings = settingsPatch(inv);
    if (rate === undefined && !settings) {
      throw new UsageError('nothing to set: give --rate with a place, or --included, --excluded, --mode or --tax-shipping');
    }
    const input = rate === undefined ? undefined : rateInput(inv, rate);
    await withPricing(inv, async (pricing) => {
      if (input) {
        const created = await refusalsAsCli(pricing.tax.createRate(input), inv, RATE_FLAGS);
        inv.io.out(`tax rate '${created.name}' added: ${describeRate(created)} (id ${created.id})`);
      }
      if (settings) inv.io.out(describeSettings(await pricing.tax.updateSettings(settings)));
    });
    return 0;
  },
};

/** `vitrine tax list`. */
export const taxList: CliCommand = {
  name: 'tax list',
  summary: "Show the shop's tax settings and manual rates",
  flags: { country: { type: 'string', value: '<code>', description: 'Only the rates of this country' }, ...databaseFlags },
  async run(inv) {
    const country = inv.string('country');
    if (country !== undefined && !CountryCode.safeParse(country).success) {
      throw new UsageError(`--country '${country}' must be an ISO 3166-1 alpha-2 country code (two capital letters)`);
    }
    const [settings, rates] = await withPricing(inv, (pricing) => Promise.all([pricing.tax.settings(), pricing.tax.listRates(country)]));
    inv.io.out(describeSettings(settings));
    if (rates.length === 0) inv.io.out("no tax rates ('vitrine tax set --country C --rate R' adds one)");
    for (const line of table(
      rates.map((rate) => [rate.name, describeRate(rate), rate.appliesToShipping ? '' : 'not on shipping', rate.id]),
    )) {
      inv.io.out(line.trimEnd());
    }
    return 0;
  },
};

function rateInput(inv: Invocation, rate: string) {
  const postalCodes = listFlag(inv, 'postal-codes');
  const type =
    choiceFlag(inv, 'type', TYPES) ??
    (postalCodes
      ? 'SPECIAL'
      : inv.string('city')
        ? 'CITY'
        : inv.string('county')
          ? 'COUNTY'
          : inv.string('subdivision')
            ? 'STATE'
            : 'COUNTRY');
  const place = inv.string('city') ?? inv.string('county') ?? inv.string('subdivision') ?? inv.string('country');
  return parseInput(
    CreateTaxRateBody,
    {
      name: inv.string('name') ?? place ?? '',
      jurisdictionType: type,
      country: inv.string('country'),
      subdivision: inv.string('subdivision'),
      county: inv.string('county'),
      city: inv.string('city'),
      postalCodes,
      rate,
      appliesToShipping: !inv.flag('exempt-shipping'),
    },
    inv,
    RATE_FLAGS,
  );
}

function settingsPatch(inv: Invocation) {
  if (inv.flag('included') && inv.flag('excluded')) throw new UsageError('--included and --excluded cannot be combined');
  const taxMode = choiceFlag(inv, 'mode', MODES);
  const shipping = inv.string('tax-shipping');
  if (shipping !== undefined && !['yes', 'no'].includes(shipping)) throw new UsageError(`--tax-shipping '${shipping}' must be yes or no`);
  const patch = {
    ...(inv.flag('included') && { taxIncludedInPrices: true }),
    ...(inv.flag('excluded') && { taxIncludedInPrices: false }),
    ...(taxMode && { taxMode }),
    ...(shipping !== undefined && { taxShipping: shipping === 'yes' }),
  };
  return Object.keys(patch).length ? patch : undefined;
}

/** "STATE US-NY 4 %", "CITY New York (US-NY) 4.5 %", "SPECIAL US 0.375 % at 10001, 10002". */
function describeRate(rate: WireTaxRate): string {
  const place = [rate.city ?? rate.county, rate.subdivision ?? rate.country].filter(Boolean);
  const where = place.length > 1 ? `${place[0]} (${place[1]})` : place[0];
  const postal = rate.postalCodes.length ? ` at ${rate.postalCodes.join(', ')}` : '';
  return `${rate.jurisdictionType} ${where} ${percentOfFraction(rate.rate)} %${postal}`;
}

function describeSettings(settings: WireTaxSettings): string {
  const prices = settings.taxIncludedInPrices ? 'prices include tax' : 'tax is added to prices';
  const mode = settings.taxMode === 'AUTO' ? 'AUTO (no provider built in: manual rates as fallback)' : settings.taxMode;
  return `tax settings: ${prices}, mode ${mode}, shipping ${settings.taxShipping ? 'taxed' : 'not taxed'}`;
}

/** "0.0725" → "7.25" exactly (the point moves two places). */
function percentOfFraction(rate: string): string {
  const [whole, frac = ''] = rate.split('.');
  const digits = frac.padEnd(2, '0');
  return plainDecimal(`${Number(whole + digits.slice(0, 2))}.${digits.slice(2) || '0'}`);
}
