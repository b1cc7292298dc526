/**
 * Request and answer schemas of the merchant's shop settings API (`/_api/vitrine/v1/shop-settings`).
 * Bodies are strict (a misspelt field is a violation) and every part of an update is optional.
 * A text set to null is cleared. The card's secret keys are write-only: answers say whether they are set.
 */
import { electronicFormatIBAN, isValidBIC, validateIBAN } from 'ibantools';
import { z } from 'zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { WireAddress } from '../checkout/schemas.js';

const Text = (max: number) => z.string().trim().min(1).max(max);
/** A text the merchant may clear (null). */
const Clearable = (max: number) => Text(max).nullable().optional();
const Email = z.email({ error: 'must be an e-mail address' }).max(254);
/** Accepted on input (settings read back can be sent again), never applied. */
const ignored = z.unknown().optional();

/** Whether `Intl` knows the IANA time zone (its own canonical spelling is what is stored). */
function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z]/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const TimeZone = z.string().transform((name, ctx) => {
  const canonical = canonicalTimeZone(name.trim());
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as "Europe/Berlin" or "America/New_York"', input: name });
  return z.NEVER;
});

/** Letters, digits and dashes, at most 12, not ending in a digit (so "A1-" + 10001 reads back as one number). */
const OrderNumberPrefix = z
  .string()
  .regex(/^([A-Za-z0-9-]{0,11}[A-Za-z-])?$/, 'must be at most 12 letters, digits or dashes, not ending in a digit (e.g. "SHOP-")');

/** An IBAN, spaces allowed; stored in its electronic form. */
const Iban = z.string().transform((text, ctx) => {
  const iban = electronicFormatIBAN(text) ?? '';
  if (validateIBAN(iban).valid) return iban;
  ctx.addIssue({ code: 'custom', message: 'is not valid: check the country code, the length and the check digits', input: text });
  return z.NEVER;
});

const Bic = z.string().transform((text, ctx) => {
  const bic = text.replaceAll(' ', '').toUpperCase();
  if (isValidBIC(bic)) return bic;
  ctx.addIssue({
    code: 'custom',
    message: 'is not valid: a BIC (SWIFT code) has 8 or 11 letters and digits, like COBADEFFXXX',
    input: text,
  });
  return z.NEVER;
});

const Enabled = { enabled: z.boolean().optional() };

export const UpdateShopSettingsBody = z.strictObject({
  shopName: Text(100).optional(),
  contactEmail: Email.nullable().optional(),
  address: WireAddress.nullable().optional(),
  sender: z
    .strictObject({ name: Text(100), email: Email })
    .optional()
    .describe('the From of every e-mail'),
  timeZone: TimeZone.optional().describe('IANA time zone, e.g. "Europe/Berlin"'),
  orderNumberPrefix: OrderNumberPrefix.optional().describe('put before the number of orders placed from now on'),
  payments: z
    .strictObject({
      card: z
        .strictObject({
          ...Enabled,
          publishableKey: Clearable(255),
          secretKey: Clearable(255).describe('write-only: answers say `secretKeySet`'),
          webhookSecret: Clearable(255).describe('write-only: answers say `webhookSecretSet`'),
        })
        .optional(),
      bankTransfer: z
        .strictObject({
          ...Enabled,
          accountHolder: Clearable(140),
          iban: Iban.nullable().optional(),
          accountNumber: Clearable(34),
          bic: Bic.nullable().optional(),
          routingNumber: Clearable(34),
          bankName: Clearable(140),
          instructions: Clearable(2000).describe('shown under the bank details; {number} and {total} are filled in'),
        })
        .optional(),
      cashOnDelivery: z.strictObject(Enabled).optional().describe('offered for deliveries only'),
      payAtPickup: z.strictObject(Enabled).optional().describe('offered for pickups only'),
    })
    .optional(),
  updatedDate: ignored,
});
export type ShopSettingsPatch = z.infer<typeof UpdateShopSettingsBody>;

const nullableText = z.string().nullable();
const ShopSettingsView = z.object({
  shopName: z.string(),
  contactEmail: nullableText,
  address: WireAddress.nullable(),
  sender: z.object({ name: z.string(), email: z.string() }),
  timeZone: z.string(),
  orderNumberPrefix: z.string(),
  payments: z.object({
    card: z.object({ enabled: z.boolean(), publishableKey: nullableText, secretKeySet: z.boolean(), webhookSecretSet: z.boolean() }),
    bankTransfer: z.object({
      enabled: z.boolean(),
      accountHolder: nullableText,
      iban: nullableText,
      accountNumber: nullableText,
      bic: nullableText,
      routingNumber: nullableText,
      bankName: nullableText,
      instructions: nullableText,
    }),
    cashOnDelivery: z.object({ enabled: z.boolean() }),
    payAtPickup: z.object({ enabled: z.boolean() }),
  }),
  updatedDate: z.string(),
});
export type WireShopSettings = z.infer<typeof ShopSettingsView>;
export const ShopSettingsResponse = z.object({ settings: ShopSettingsView });

export const ErrorResponses = {
  400: ValidationErrorResponse.or(ApplicationErrorResponse),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
};
