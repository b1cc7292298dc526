/**
 * `vitrine settings show|set`: the shop's settings from the shell (its name, contact, address, e-mail
 * sender, time zone, order-number prefix and payment methods), checked by the same schema and rules
 * as the merchant API (`/_api/vitrine/v1/shop-settings`). The card's secret keys are never printed.
 */

import { UpdateShopSettingsBody, type WireShopSettings } from '../domains/settings/schemas.js';
import type { ShopSettingsService } from '../domains/settings/service.js';
import { wireSettingsOf } from '../domains/settings/views.js';
import { type FieldViolation, ValidationFailure } from '../platform/errors.js';
import { safeParseReportingInput, violationsFromZod } from '../platform/field-violations.js';
import { type CliCommand, type FlagSpec, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** Each settable field: its flag, where it goes in the API's body, and what help says. */
const FIELDS: { flag: string; path: string; description: string; value?: string; toggle?: boolean }[] = [
  { flag: 'shop-name', path: 'shopName', description: 'The shop’s name on its pages and in its e-mails' },
  {
    flag: 'contact-email',
    path: 'contactEmail',
    description: 'Where buyers reach the shop: Reply-To of its e-mails, on order pages ("" clears)',
  },
  { flag: 'sender-name', path: 'sender.name', description: 'The name e-mails come from (with --sender-email)' },
  { flag: 'sender-email', path: 'sender.email', description: 'The address e-mails come from (with --sender-name)' },
  { flag: 'time-zone', path: 'timeZone', description: 'IANA time zone of the dates in e-mails and order pages, e.g. Europe/Berlin' },
  { flag: 'order-prefix', path: 'orderNumberPrefix', description: 'Put before the number of new orders, e.g. SHOP- ("" for none)' },
  { flag: 'address-line', path: 'address.addressLine', description: 'The shop’s street and number (the address flags replace it whole)' },
  { flag: 'city', path: 'address.city', description: 'The shop’s city' },
  { flag: 'postal-code', path: 'address.postalCode', description: 'The shop’s postal code' },
  { flag: 'subdivision', path: 'address.subdivision', description: 'The shop’s state or region (ISO 3166-2, US-NY)' },
  { flag: 'country', path: 'address.country', description: 'The shop’s country (ISO 3166-1 alpha-2)' },
  { flag: 'bank-transfer', path: 'payments.bankTransfer.enabled', description: 'Offer bank transfer', toggle: true },
  { flag: 'account-holder', path: 'payments.bankTransfer.accountHolder', description: 'The bank account’s holder' },
  { flag: 'iban', path: 'payments.bankTransfer.iban', description: 'The account’s IBAN (spaces allowed)' },
  { flag: 'account-number', path: 'payments.bankTransfer.accountNumber', description: 'The account number where there is no IBAN' },
  { flag: 'bic', path: 'payments.bankTransfer.bic', description: 'The bank’s BIC / SWIFT code' },
  { flag: 'routing-number', path: 'payments.bankTransfer.routingNumber', description: 'A national routing code (ABA, sort code)' },
  { flag: 'bank-name', path: 'payments.bankTransfer.bankName', description: 'The bank’s name' },
  {
    flag: 'bank-instructions',
    path: 'payments.bankTransfer.instructions',
    description: 'A sentence under the bank details ({number}, {total})',
  },
  {
    flag: 'cash-on-delivery',
    path: 'payments.cashOnDelivery.enabled',
    description: 'Offer cash on delivery (deliveries only)',
    toggle: true,
  },
  { flag: 'pay-at-pickup', path: 'payments.payAtPickup.enabled', description: 'Offer payment at pickup (pickups only)', toggle: true },
  { flag: 'card', path: 'payments.card.enabled', description: 'Offer card payments (needs the card keys)', toggle: true },
  { flag: 'card-publishable-key', path: 'payments.card.publishableKey', description: 'The card processor’s publishable key' },
  { flag: 'card-secret-key', path: 'payments.card.secretKey', description: 'The card processor’s secret key (never printed)' },
  { flag: 'card-webhook-secret', path: 'payments.card.webhookSecret', description: 'The card processor’s webhook secret (never printed)' },
];

/** Texts the merchant may clear with "" (the API's null). */
const CLEARABLE = /^(contactEmail|payments\.(bankTransfer\.(?!enabled)|card\.(?!enabled)))/;

function flagSpecs(): Record<string, FlagSpec> {
  return Object.fromEntries(
    FIELDS.map((field) => [
      field.flag,
      { type: 'string', value: field.toggle ? '<on|off>' : '<text>', description: field.description } satisfies FlagSpec,
    ]),
  );
}

/** Runs work with the settings service over the configured, migrated database. */
function withSettings<T>(invocation: Invocation, work: (settings: ShopSettingsService) => Promise<T>): Promise<T> {
  return usingServices(invocation, (services) => work(services.settings));
}

export const settingsShow: CliCommand = {
  name: 'settings show',
  summary: "Show the shop's settings and payment methods",
  flags: { json: { type: 'boolean', description: 'Print them as JSON (the API’s wire form)' }, ...databaseFlags },
  async run(invocation) {
    const settings = wireSettingsOf(await withSettings(invocation, (settings) => settings.current()));
    if (invocation.flag('json')) invocation.io.out(JSON.stringify(settings, null, 2));
    else for (const line of describe(settings)) invocation.io.out(line);
    return 0;
  },
};

export const settingsSet: CliCommand = {
  name: 'settings set',
  summary: "Change the shop's settings and payment methods",
  flags: { ...flagSpecs(), ...databaseFlags },
  notes: [
    'Examples:',
    '  vitrine settings set --shop-name "Corner Shop" --sender-name "Corner Shop" --sender-email hello@corner.example',
    '  vitrine settings set --account-holder "Corner Shop GmbH" --iban "DE89 3704 0044 0532 0130 00" --bic COBADEFFXXX',
    '  vitrine settings set --cash-on-delivery on --pay-at-pickup off --order-prefix CS-',
  ],
  async run(invocation) {
    const patch = patchOf(invocation);
    const settings = await withSettings(invocation, async (settings) => {
      try {
        return await settings.update(patch);
      } catch (error) {
        if (error instanceof ValidationFailure) throw usageOf(error.violations[0]);
        throw error;
      }
    });
    invocation.io.out('settings saved');
    for (const line of describe(wireSettingsOf(settings))) invocation.io.out(line);
    return 0;
  },
};

/** The API's body made of the flags given. @throws UsageError nothing given, or a value the API refuses (naming its flag) */
function patchOf(invocation: Invocation) {
  const body: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const raw = invocation.string(field.flag);
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (field.toggle) {
      if (raw !== 'on' && raw !== 'off') throw new UsageError(`--${field.flag} '${raw}' must be on or off`);
      value = raw === 'on';
    } else if (raw === '' && CLEARABLE.test(field.path)) value = null;
    setAt(body, field.path, value);
  }
  if (Object.keys(body).length === 0)
    throw new UsageError(`nothing to set: give one of --${FIELDS.map((field) => field.flag).join(', --')}`);
  const parsed = safeParseReportingInput(UpdateShopSettingsBody, body);
  if (!parsed.success) throw usageOf(violationsFromZod(parsed.error.issues)[0]);
  return parsed.data;
}

function setAt(body: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = body;
  for (const key of keys.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1] as string] = value;
}

/** A violation named by its flag; one about several fields (every payment method off) by its description alone. */
function usageOf(violation: FieldViolation | undefined): UsageError {
  if (!violation) return new UsageError('the settings were refused');
  const field = FIELDS.find((candidate) => candidate.path === violation.field);
  return new UsageError(field ? `--${field.flag} ${violation.description}` : violation.description);
}

function onOff(enabled: boolean): string {
  return enabled ? 'on' : 'off';
}

/** The settings for a person: one line each, secrets as "set" or "not set". */
function describe(settings: WireShopSettings): string[] {
  const address = settings.address
    ? [
        settings.address.addressLine,
        settings.address.postalCode,
        settings.address.city,
        settings.address.subdivision,
        settings.address.country,
      ]
    : [];
  const bank = settings.payments.bankTransfer;
  const account = [
    bank.accountHolder,
    bank.iban && `IBAN ${bank.iban}`,
    bank.accountNumber && `account ${bank.accountNumber}`,
    bank.bic && `BIC ${bank.bic}`,
    bank.routingNumber && `routing ${bank.routingNumber}`,
    bank.bankName,
  ].filter(Boolean);
  const card = settings.payments.card;
  return [
    `shop name: ${settings.shopName}`,
    `contact e-mail: ${settings.contactEmail ?? '(none)'}`,
    `address: ${address.filter(Boolean).join(', ') || '(none)'}`,
    `e-mails from: ${settings.sender.name} <${settings.sender.email}>`,
    `time zone: ${settings.timeZone}`,
    `order-number prefix: ${settings.orderNumberPrefix || '(none)'}`,
    `bank transfer: ${onOff(bank.enabled)}${account.length ? ` (${account.join(', ')})` : ' (no bank details)'}`,
    `cash on delivery: ${onOff(settings.payments.cashOnDelivery.enabled)}`,
    `pay at pickup: ${onOff(settings.payments.payAtPickup.enabled)}`,
    `card: ${onOff(card.enabled)} (publishable key ${card.publishableKey ?? 'not set'}, secret key ${card.secretKeySet ? 'set' : 'not set'}, webhook secret ${card.webhookSecretSet ? 'set' : 'not set'})`,
  ];
}
