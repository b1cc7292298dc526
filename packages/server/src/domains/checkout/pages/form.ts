/**
 * The hosted checkout form: what it posts, how it becomes checkout details, and which fields are
 * wrong. "Update" checks formats only (a half-filled form may ask for shipping options); "Place
 * order" also needs everything an order needs.
 */
import { z } from 'zod';
import { ADDRESS_FIELDS, type AddressFieldNames as AddressFields } from '../../../pages/checkout-address-fields.js';
import type { CheckoutField, CheckoutValues } from '../../../pages/checkout-page.js';
import { missingPartMessage } from '../../../platform/address/address-needs.js';
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

const clean = (text: string | undefined) => text?.trim() || undefined;

/**
 * Checks an address's place (platform/address) and puts each problem next to its field. Without
 * JavaScript the state list still shows the last country's states when the country changes: on
 * "Update" a state of another country is dropped (the page then lists the new country's), on
 * "Place order" it is an error next to the field.
 */
function checkPlace(
  values: CheckoutValues,
  fields: AddressFields,
  fieldErrors: Partial<Record<CheckoutField, string>>,
  forPlacement: boolean,
) {
  const place = normaliseAddress<AddressPlace>({
    country: values[fields.country],
    subdivision: values[fields.subdivision],
    postalCode: values[fields.postalCode],
  });
  values[fields.country] = place.country || undefined;
  values[fields.subdivision] = place.subdivision || undefined;
  values[fields.postalCode] = place.postalCode || undefined;
  if (!forPlacement && place.country && place.subdivision && !place.subdivision.startsWith(`${place.country}-`)) {
    values[fields.subdivision] = place.subdivision = undefined;
  }
  for (const issue of addressIssues(place)) {
    // Without a country a state cannot be told; the missing country is the one thing to say.
    if (issue.field !== 'subdivision' || place.country) fieldErrors[fields[issue.field]] ??= issue.shopperMessage;
  }
}

/** Asks for the state and the postal code where the address's country needs them (platform/address/address-needs.ts). */
function needPartsOfCountry(values: CheckoutValues, fields: AddressFields, need: (field: CheckoutField, message: string) => void) {
  const country = values[fields.country];
  for (const part of ['subdivision', 'postalCode'] as const) {
    const message = missingPartMessage(part, country);
    if (message) need(fields[part], message);
  }
}

/** The address part of the checkout details: only what has no error (a wrong value is not saved). */
function addressOf(
  values: CheckoutValues,
  fields: AddressFields,
  fieldErrors: Partial<Record<CheckoutField, string>>,
): Record<string, string> | null {
  const ok = (part: Exclude<keyof AddressFields, 'firstName' | 'lastName' | 'company' | 'phone'>) =>
    fieldErrors[fields[part]] ? undefined : values[fields[part]];
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
function recipientOf(values: CheckoutValues, fields: AddressFields, fieldErrors: Partial<Record<CheckoutField, string>>): RecipientDetails {
  const ok = (part: 'firstName' | 'lastName' | 'company' | 'phone') => (fieldErrors[fields[part]] ? undefined : values[fields[part]]);
  return definedOnly({ firstName: ok('firstName'), lastName: ok('lastName'), company: ok('company'), phone: ok('phone') }) ?? {};
}

/**
 * Reads the posted form. `forPlacement` adds the fields an order needs (e-mail, shipping address,
 * billing address when it differs, payment method).
 */
export function readForm(form: CheckoutForm, options: { forPlacement: boolean; needsShipping: boolean }): ReadForm {
  const values: CheckoutValues = {};
  for (const textField of Object.keys(LIMITS) as TextField[]) values[textField] = clean(form[textField]);
  values.country = clean(form.country);
  values.billingCountry = clean(form.billingCountry);
  values.shippingOption = clean(form.shippingOption);
  values.timeSlot = chosenSlot(values.shippingOption, form.timeSlot);
  values.paymentMethod = clean(form.paymentMethod);
  values.billingSame = form.billingSame === 'on';

  const fieldErrors: Partial<Record<CheckoutField, string>> = {};
  for (const [textField, max] of Object.entries(LIMITS) as [TextField, number][]) {
    if ((values[textField]?.length ?? 0) > max) fieldErrors[textField] = `Use at most ${max} characters`;
  }
  if (values.email && !EMAIL.test(values.email)) fieldErrors.email = 'Enter an e-mail address like name@example.com';
  for (const phoneField of ['phone', 'billingPhone'] as const) {
    if (values[phoneField] && !fieldErrors[phoneField] && !PHONE.test(values[phoneField]))
      fieldErrors[phoneField] = 'Enter a phone number: digits, spaces and a leading + only';
  }
  checkPlace(values, ADDRESS_FIELDS.shipping, fieldErrors, options.forPlacement);
  if (!values.billingSame) checkPlace(values, ADDRESS_FIELDS.billing, fieldErrors, options.forPlacement);
  if (options.forPlacement) {
    const need = (required: CheckoutField, message: string) => {
      if (!values[required] && !fieldErrors[required]) fieldErrors[required] = message;
    };
    need('email', 'Enter your e-mail address');
    need('firstName', 'Enter your first name');
    need('lastName', 'Enter your last name');
    need('addressLine', 'Enter the street and number');
    need('city', 'Enter the city');
    need('country', 'Choose a country from the list');
    needPartsOfCountry(values, ADDRESS_FIELDS.shipping, need);
    if (options.needsShipping) need('shippingOption', 'Choose a shipping method');
    if (!values.billingSame) {
      need('billingFirstName', 'Enter the first name for the bill');
      need('billingLastName', 'Enter the last name for the bill');
      need('billingAddressLine', 'Enter the billing street and number');
      need('billingCity', 'Enter the billing city');
      need('billingCountry', 'Choose the billing country from the list');
      needPartsOfCountry(values, ADDRESS_FIELDS.billing, need);
    }
    need('paymentMethod', 'Choose how you pay');
  }

  const details: CheckoutDetails = {
    email: fieldErrors.email ? undefined : (values.email ?? null),
    shippingAddress: addressOf(values, ADDRESS_FIELDS.shipping, fieldErrors),
    billingAddress: values.billingSame ? null : addressOf(values, ADDRESS_FIELDS.billing, fieldErrors),
    contactDetails: recipientOf(values, ADDRESS_FIELDS.shipping, fieldErrors),
    billingContactDetails: values.billingSame ? null : recipientOf(values, ADDRESS_FIELDS.billing, fieldErrors),
    ...(values.shippingOption ? { selectedShippingOption: { code: values.timeSlot ?? values.shippingOption } } : {}),
  };
  return { values, details, paymentMethod: values.paymentMethod, fieldErrors };
}

/** The time slot posted for the chosen option: its code starts with the option's code and `@`. */
function chosenSlot(option: string | undefined, posted: string | string[] | undefined): string | undefined {
  if (!option) return undefined;
  return [posted ?? []].flat().find((code) => code.startsWith(`${option}@`));
}

function definedOnly<T extends Record<string, string | undefined>>(fields: T): Record<string, string> | null {
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
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
