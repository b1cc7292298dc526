/**
 * The hosted checkout form: what it posts, how it becomes checkout details, and which fields are
 * wrong. "Update" checks formats only (a half-filled form may ask for shipping options); "Place
 * order" also needs everything an order needs.
 */
import { z } from 'zod';
import type { CheckoutField, CheckoutValues } from '../../../pages/checkout-page.js';
import type { CheckoutDetails } from '../service.js';
import type { CheckoutRow } from '../store.js';
import { optionCodeOf } from './view.js';

const field = z.string().max(2048).optional();

/** Every field optional: a missing one re-renders the form with a message next to it. */
export const CheckoutForm = z.object({
  csrf: field,
  session: field,
  email: field,
  firstName: field,
  lastName: field,
  addressLine: field,
  addressLine2: field,
  city: field,
  postalCode: field,
  subdivision: field,
  country: field,
  shippingOption: field,
  /** the chosen time of each option with time slots (one list per option; the chosen option's counts) */
  timeSlot: z.union([field, z.array(z.string().max(200)).max(50)]),
  billingSame: field,
  billingAddressLine: field,
  billingCity: field,
  billingPostalCode: field,
  billingCountry: field,
  paymentMethod: field,
  /** the fingerprint of the totals the page showed (`totalsFingerprint`): the order is placed only at those */
  shownTotals: field,
  /** the total the page showed, in minor units: named in the notice when the total changed */
  shownTotal: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional()
    .catch(undefined),
});
export type CheckoutForm = z.infer<typeof CheckoutForm>;

export const CheckoutPageParams = z.object({ checkoutId: z.string().max(200) });
/** The page's address; after a post, also what the saved checkout does not hold (Post/Redirect/Get). */
export const CheckoutPageQuery = z.object({
  session: z.string().max(200).optional(),
  /** the details were just saved: say the totals are updated */
  updated: z.literal('1').optional().catch(undefined),
  /** placement found other totals than the page showed: the total it had shown, in minor units ('' for none) */
  changedFrom: z.string().max(20).optional().catch(undefined),
  /** the payment method the buyer had chosen */
  payment: z.string().max(100).optional().catch(undefined),
  /** the checkout had just taken its cart's lines again */
  cartChanged: z.literal('1').optional().catch(undefined),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY = /^[A-Za-z]{2}$/;
/** The fields typed as text (the others are choices). */
type TextField = Exclude<CheckoutField, 'timeSlot' | 'shippingOption' | 'paymentMethod'>;
const LIMITS: Partial<Record<TextField, number>> = {
  email: 254,
  firstName: 100,
  lastName: 100,
  addressLine: 500,
  addressLine2: 500,
  city: 200,
  postalCode: 50,
  subdivision: 50,
  billingAddressLine: 500,
  billingCity: 200,
  billingPostalCode: 50,
};

/** A checked form: the details to save, the chosen payment method, and the field errors. */
export interface ReadForm {
  values: CheckoutValues;
  details: CheckoutDetails;
  paymentMethod?: string;
  fieldErrors: Partial<Record<CheckoutField, string>>;
}

const clean = (s: string | undefined) => s?.trim() || undefined;

/** ISO 3166-2 needs the country: "NY" in the US is "US-NY". */
function subdivisionCode(subdivision: string | undefined, country: string | undefined): string | undefined {
  if (!subdivision) return undefined;
  const s = subdivision.toUpperCase();
  return s.includes('-') || !country ? s : `${country}-${s}`;
}

/**
 * Reads the posted form. `forPlacement` adds the fields an order needs (e-mail, shipping address,
 * billing address when it differs, payment method).
 */
export function readForm(form: CheckoutForm, o: { forPlacement: boolean; needsShipping: boolean }): ReadForm {
  const v: CheckoutValues = {};
  for (const k of Object.keys(LIMITS) as TextField[]) v[k] = clean(form[k]);
  v.country = clean(form.country)?.toUpperCase();
  v.billingCountry = clean(form.billingCountry)?.toUpperCase();
  v.shippingOption = clean(form.shippingOption);
  v.timeSlot = chosenSlot(v.shippingOption, form.timeSlot);
  v.paymentMethod = clean(form.paymentMethod);
  v.billingSame = form.billingSame === 'on';

  const fe: Partial<Record<CheckoutField, string>> = {};
  for (const [k, max] of Object.entries(LIMITS) as [TextField, number][]) {
    if ((v[k]?.length ?? 0) > max) fe[k] = `Use at most ${max} characters`;
  }
  if (v.email && !EMAIL.test(v.email)) fe.email = 'Enter an e-mail address like name@example.com';
  if (v.country && !COUNTRY.test(v.country)) fe.country = 'Enter the two-letter country code, such as US';
  if (v.billingCountry && !COUNTRY.test(v.billingCountry)) fe.billingCountry = 'Enter the two-letter country code, such as US';
  if (o.forPlacement) {
    const need = (k: CheckoutField, message: string) => {
      if (!v[k] && !fe[k]) fe[k] = message;
    };
    need('email', 'Enter your e-mail address');
    need('addressLine', 'Enter the street and number');
    need('city', 'Enter the city');
    need('country', 'Enter the country');
    if (o.needsShipping) need('shippingOption', 'Choose a shipping method');
    if (!v.billingSame) {
      need('billingAddressLine', 'Enter the billing street and number');
      need('billingCity', 'Enter the billing city');
      need('billingCountry', 'Enter the billing country');
    }
    need('paymentMethod', 'Choose how you pay');
  }

  const shipping = {
    addressLine: v.addressLine,
    addressLine2: v.addressLine2,
    city: v.city,
    postalCode: v.postalCode,
    subdivision: subdivisionCode(v.subdivision, fe.country ? undefined : v.country),
    country: fe.country ? undefined : v.country,
  };
  const billing = v.billingSame
    ? null
    : {
        addressLine: v.billingAddressLine,
        city: v.billingCity,
        postalCode: v.billingPostalCode,
        country: fe.billingCountry ? undefined : v.billingCountry,
      };
  const details: CheckoutDetails = {
    email: fe.email ? undefined : (v.email ?? null),
    shippingAddress: definedOnly(shipping),
    billingAddress: billing && definedOnly(billing),
    contactDetails: { ...(v.firstName ? { firstName: v.firstName } : {}), ...(v.lastName ? { lastName: v.lastName } : {}) },
    ...(v.shippingOption ? { selectedShippingOption: { code: v.timeSlot ?? v.shippingOption } } : {}),
  };
  return { values: v, details, paymentMethod: v.paymentMethod, fieldErrors: fe };
}

/** The time slot posted for the chosen option: its code starts with the option's code and `@`. */
function chosenSlot(option: string | undefined, posted: string | string[] | undefined): string | undefined {
  if (!option) return undefined;
  return [posted ?? []].flat().find((code) => code.startsWith(`${option}@`));
}

function definedOnly<T extends Record<string, string | undefined>>(o: T): Record<string, string> | null {
  const entries = Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length ? Object.fromEntries(entries) : null;
}

/** The form's values as the saved checkout has them (first visit, or after a reload). */
export function valuesOf(c: CheckoutRow): CheckoutValues {
  const ship = (c.shipping_address ?? {}) as Record<string, string | undefined>;
  const bill = c.billing_address as Record<string, string | undefined> | null;
  const names = ((c.contact_info as { contactDetails?: Record<string, string> } | null)?.contactDetails ?? {}) as Record<string, string>;
  return {
    email: c.email ?? undefined,
    firstName: names.firstName,
    lastName: names.lastName,
    addressLine: ship.addressLine ?? undefined,
    addressLine2: ship.addressLine2 ?? undefined,
    city: ship.city ?? undefined,
    postalCode: ship.postalCode ?? undefined,
    subdivision: ship.subdivision ?? undefined,
    country: ship.country ?? undefined,
    shippingOption: c.selected_shipping_option?.code && optionCodeOf(c.selected_shipping_option.code),
    timeSlot: c.selected_shipping_option?.code?.includes('@') ? c.selected_shipping_option.code : undefined,
    billingSame: !bill,
    billingAddressLine: bill?.addressLine ?? undefined,
    billingCity: bill?.city ?? undefined,
    billingPostalCode: bill?.postalCode ?? undefined,
    billingCountry: bill?.country ?? undefined,
  };
}
