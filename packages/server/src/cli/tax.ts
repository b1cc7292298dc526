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
  async run(invocation) {
    const rate = invocation.string('rate');
    const placeGiven =
      PLACE_FLAGS.some((flag) => invocation.string(flag) !== undefined || invocation.strings(flag).length > 0) ||
      invocation.flag('exempt-shipping');
    if (placeGiven && rate === undefined) throw new UsageError('missing --rate');
    const settings = settingsPatch(invocation);
    if (rate === undefined && !settings) {
      throw new UsageError('nothing to set: give --rate with a place, or --included, --excluded, --mode or --tax-shipping');
    }
    const input = rate === undefined ? undefined : rateInput(invocation, rate);
    await withPricing(invocation, async (pricing) => {
      if (input) {
        const created = await refusalsAsCli(pricing.tax.createRate(input), invocation, RATE_FLAGS);
        invocation.io.out(`tax rate '${created.name}' added: ${describeRate(created)} (id ${created.id})`);
      }
      if (settings) invocation.io.out(describeSettings(await pricing.tax.updateSettings(settings)));
    });
    return 0;
  },
};

/** `vitrine tax list`. */
export const taxList: CliCommand = {
  name: 'tax list',
  summary: "Show the shop's tax settings and manual rates",
  flags: { country: { type: 'string', value: '<code>', description: 'Only the rates of this country' }, ...databaseFlags },
  async run(invocation) {
    const country = invocation.string('country');
    if (country !== undefined && !CountryCode.safeParse(country).success) {
      throw new UsageError(`--country '${country}' must be an ISO 3166-1 alpha-2 country code (two capital letters)`);
    }
    const [settings, rates] = await withPricing(invocation, (pricing) =>
      Promise.all([pricing.tax.settings(), pricing.tax.listRates(country)]),
    );
    invocation.io.out(describeSettings(settings));
    if (rates.length === 0) invocation.io.out("no tax rates ('vitrine tax set --country C --rate R' adds one)");
    for (const line of table(
      rates.map((rate) => [rate.name, describeRate(rate), rate.appliesToShipping ? '' : 'not on shipping', rate.id]),
    )) {
      invocation.io.out(line.trimEnd());
    }
    return 0;
  },
};

function rateInput(invocation: Invocation, rate: string) {
  const postalCodes = listFlag(invocation, 'postal-codes');
  const type =
    choiceFlag(invocation, 'type', TYPES) ??
    (postalCodes
      ? 'SPECIAL'
      : invocation.string('city')
        ? 'CITY'
        : invocation.string('county')
          ? 'COUNTY'
          : invocation.string('subdivision')
            ? 'STATE'
            : 'COUNTRY');
  const place =
    invocation.string('city') ?? invocation.string('county') ?? invocation.string('subdivision') ?? invocation.string('country');
  return parseInput(
    CreateTaxRateBody,
    {
      name: invocation.string('name') ?? place ?? '',
      jurisdictionType: type,
      country: invocation.string('country'),
      subdivision: invocation.string('subdivision'),
      county: invocation.string('county'),
      city: invocation.string('city'),
      postalCodes,
      rate,
      appliesToShipping: !invocation.flag('exempt-shipping'),
    },
    invocation,
    RATE_FLAGS,
  );
}

function settingsPatch(invocation: Invocation) {
  if (invocation.flag('included') && invocation.flag('excluded')) throw new UsageError('--included and --excluded cannot be combined');
  const taxMode = choiceFlag(invocation, 'mode', MODES);
  const shipping = invocation.string('tax-shipping');
  if (shipping !== undefined && !['yes', 'no'].includes(shipping)) throw new UsageError(`--tax-shipping '${shipping}' must be yes or no`);
  const patch = {
    ...(invocation.flag('included') && { taxIncludedInPrices: true }),
    ...(invocation.flag('excluded') && { taxIncludedInPrices: false }),
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
