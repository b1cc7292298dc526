/**
 * The hosted checkout form: what it posts, how it becomes checkout details, and which fields are
 * wrong. "Update" checks formats only (a half-filled form may ask for shipping options); "Place
 * order" also needs everything an order needs.
 */
import { z } from 'zod';
import { ADDRESS_FIELDS, type AddressFieldNames as AddressFields } from '../../../pages/checkout-address-fields.js';
import type { CheckoutField, CheckoutValues } from '../../../pages/checkout-page.js';
import { type AddressPlace, addressIssues, normaliseAddress } from '../../../platform/address/address-rules.js';
import type { CheckoutView } from '../hosted-checkout.js';
import type { CheckoutDetails, RecipientDetails } from '../service.js';
import { optionCodeOf } from './view.js';

const field = z.string().max(2048).optional();

/** Every field optional: a missing one re-renders the form with a message next to it. */
export const CheckoutForm = z.object({
  csrf: field,
  session: field,
  email: field,
  firstName: field,
  lastName: field,
  company: field,
  phone: field,
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
  billingFirstName: field,
  billingLastName: field,
  billingCompany: field,
  billingPhone: field,
  billingAddressLine: field,
  billingAddressLine2: field,
  billingCity: field,
  billingPostalCode: field,
  billingSubdivision: field,
  billingCountry: field,
  paymentMethod: field,
  /** the coupon field (issue #19): a code to apply, and which coupon button was pressed */
  couponCode: z.string().max(200).optional(),
  couponAction: z.enum(['apply', 'remove']).optional().catch(undefined),
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
  /** the coupon was just applied or removed (the coupon field says how it stands) */
  coupon: z.enum(['applied', 'removed']).optional().catch(undefined),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with the usual separators and an optional leading "+" (formats differ too much to check more). */
const PHONE = /^\+?[\d\s()./-]{3,50}$/;
/** The fields typed as text (the others are choices). */
type TextField = Exclude<CheckoutField, 'timeSlot' | 'shippingOption' | 'paymentMethod'>;
const LIMITS: Partial<Record<TextField, number>> = {
  email: 254,
  firstName: 100,
  lastName: 100,
  company: 200,
  phone: 50,
  addressLine: 500,
  addressLine2: 500,
  city: 200,
  postalCode: 50,
  subdivision: 50,
  billingFirstName: 100,
  billingLastName: 100,
  billingCompany: 200,
  billingPhone: 50,
  billingAddressLine: 500,
  billingAddressLine2: 500,
  billingCity: 200,
  billingPostalCode: 50,
  billingSubdivision: 50,
};

/** A checked form: the details to save, the chosen payment method, and the field errors. */
export interface ReadForm {
  values: CheckoutValues;
  details: CheckoutDetails;
  paymentMethod?: string;
  fieldErrors: Partial<Record<CheckoutField, string>>;
}

const clean = (s: string | undefined) => s?.trim() || undefined;

/**
 * Checks an address's place (platform/address) and puts each problem next to its field. Without
 * JavaScript the state list still shows the last country's states when the country changes: on
 * "Update" a state of another country is dropped (the page then lists the new country's), on
 * "Place order" it is an error next to the field.
 */
function checkPlace(values: CheckoutValues, f: AddressFields, fe: Partial<Record<CheckoutField, string>>, forPlacement: boolean) {
  const place = normaliseAddress<AddressPlace>({
    country: values[f.country],
    subdivision: values[f.subdivision],
    postalCode: values[f.postalCode],
  });
  values[f.country] = place.country || undefined;
  values[f.subdivision] = place.subdivision || undefined;
  values[f.postalCode] = place.postalCode || undefined;
  if (!forPlacement && place.country && place.subdivision && !place.subdivision.startsWith(`${place.country}-`)) {
    values[f.subdivision] = place.subdivision = undefined;
  }
  for (const issue of addressIssues(place)) {
    // Without a country a state cannot be told; the missing country is the one thing to say.
    if (issue.field !== 'subdivision' || place.country) fe[f[issue.field]] ??= issue.shopperMessage;
  }
}

/** The address part of the checkout details: only what has no error (a wrong value is not saved). */
function addressOf(values: CheckoutValues, f: AddressFields, fe: Partial<Record<CheckoutField, string>>): Record<string, string> | null {
  const ok = (k: Exclude<keyof AddressFields, 'firstName' | 'lastName' | 'company' | 'phone'>) => (fe[f[k]] ? undefined : values[f[k]]);
  return definedOnly({
    addressLine: ok('addressLine'),
    addressLine2: ok('addressLine2'),
    city: ok('city'),
    postalCode: ok('postalCode'),
    subdivision: ok('subdivision'),
    country: ok('country'),
  });
}

/** Who receives (or pays): name, company, phone. */
function recipientOf(values: CheckoutValues, f: AddressFields, fe: Partial<Record<CheckoutField, string>>): RecipientDetails {
  const ok = (k: 'firstName' | 'lastName' | 'company' | 'phone') => (fe[f[k]] ? undefined : values[f[k]]);
  return definedOnly({ firstName: ok('firstName'), lastName: ok('lastName'), company: ok('company'), phone: ok('phone') }) ?? {};
}

/**
 * Reads the posted form. `forPlacement` adds the fields an order needs (e-mail, shipping address,
 * billing address when it differs, payment method).
 */
export function readForm(form: CheckoutForm, o: { forPlacement: boolean; needsShipping: boolean }): ReadForm {
  const v: CheckoutValues = {};
  for (const k of Object.keys(LIMITS) as TextField[]) v[k] = clean(form[k]);
  v.country = clean(form.country);
  v.billingCountry = clean(form.billingCountry);
  v.shippingOption = clean(form.shippingOption);
  v.timeSlot = chosenSlot(v.shippingOption, form.timeSlot);
  v.paymentMethod = clean(form.paymentMethod);
  v.billingSame = form.billingSame === 'on';

  const fe: Partial<Record<CheckoutField, string>> = {};
  for (const [k, max] of Object.entries(LIMITS) as [TextField, number][]) {
    if ((v[k]?.length ?? 0) > max) fe[k] = `Use at most ${max} characters`;
  }
  if (v.email && !EMAIL.test(v.email)) fe.email = 'Enter an e-mail address like name@example.com';
  for (const k of ['phone', 'billingPhone'] as const) {
    if (v[k] && !fe[k] && !PHONE.test(v[k])) fe[k] = 'Enter a phone number: digits, spaces and a leading + only';
  }
  checkPlace(v, ADDRESS_FIELDS.shipping, fe, o.forPlacement);
  if (!v.billingSame) checkPlace(v, ADDRESS_FIELDS.billing, fe, o.forPlacement);
  if (o.forPlacement) {
    const need = (k: CheckoutField, message: string) => {
      if (!v[k] && !fe[k]) fe[k] = message;
    };
    need('email', 'Enter your e-mail address');
    need('firstName', 'Enter your first name');
    need('lastName', 'Enter your last name');
    need('addressLine', 'Enter the street and number');
    need('city', 'Enter the city');
    need('country', 'Choose a country from the list');
    if (o.needsShipping) need('shippingOption', 'Choose a shipping method');
    if (!v.billingSame) {
      need('billingFirstName', 'Enter the first name for the bill');
      need('billingLastName', 'Enter the last name for the bill');
      need('billingAddressLine', 'Enter the billing street and number');
      need('billingCity', 'Enter the billing city');
      need('billingCountry', 'Choose the billing country from the list');
    }
    need('paymentMethod', 'Choose how you pay');
  }

  const details: CheckoutDetails = {
    email: fe.email ? undefined : (v.email ?? null),
    shippingAddress: addressOf(v, ADDRESS_FIELDS.shipping, fe),
    billingAddress: v.billingSame ? null : addressOf(v, ADDRESS_FIELDS.billing, fe),
    contactDetails: recipientOf(v, ADDRESS_FIELDS.shipping, fe),
    billingContactDetails: v.billingSame ? null : recipientOf(v, ADDRESS_FIELDS.billing, fe),
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
export function valuesOf(checkout: CheckoutView): CheckoutValues {
  const ship = checkout.shippingAddress ?? {};
  const bill = checkout.billingAddress;
  const contact = checkout.contactInfo ?? {};
  const names = contact.contactDetails ?? {};
  const billNames = contact.billingContactDetails ?? {};
  return {
    email: checkout.email ?? undefined,
    firstName: names.firstName ?? undefined,
    lastName: names.lastName ?? undefined,
    company: names.company ?? undefined,
    phone: names.phone ?? undefined,
    addressLine: ship.addressLine ?? undefined,
    addressLine2: ship.addressLine2 ?? undefined,
    city: ship.city ?? undefined,
    postalCode: ship.postalCode ?? undefined,
    subdivision: ship.subdivision ?? undefined,
    country: ship.country ?? undefined,
    shippingOption: checkout.selectedShippingOption?.code && optionCodeOf(checkout.selectedShippingOption.code),
    timeSlot: checkout.selectedShippingOption?.code?.includes('@') ? checkout.selectedShippingOption.code : undefined,
    billingSame: !bill,
    billingFirstName: billNames.firstName ?? undefined,
    billingLastName: billNames.lastName ?? undefined,
    billingCompany: billNames.company ?? undefined,
    billingPhone: billNames.phone ?? undefined,
    billingAddressLine: bill?.addressLine ?? undefined,
    billingAddressLine2: bill?.addressLine2 ?? undefined,
    billingCity: bill?.city ?? undefined,
    billingPostalCode: bill?.postalCode ?? undefined,
    billingSubdivision: bill?.subdivision ?? undefined,
    billingCountry: bill?.country ?? undefined,
  };
}
