/**
 * The address block of the hosted checkout, once for shipping and once for billing: who (name,
 * company, phone) and where (country from a list by name, street, city, state from the country's
 * list, postal code). Without JavaScript the state list is the one of the country the page was
 * rendered with; "Update" shows the list of a newly chosen country.
 */

import { postalCodeLabel, requiredRegionName } from '@vitrine/sdk/wording';
import { needsPostalCode } from '../platform/address/address-needs.js';
import { isCountry } from '../platform/address/countries.js';
import { countryChoices, subdivisionChoices } from '../platform/address/country-names.js';
import { Field, SelectField } from './components.js';

/** The form's field names of each address. */
export const ADDRESS_FIELDS = {
  shipping: {
    firstName: 'firstName',
    lastName: 'lastName',
    company: 'company',
    country: 'country',
    addressLine: 'addressLine',
    addressLine2: 'addressLine2',
    city: 'city',
    subdivision: 'subdivision',
    postalCode: 'postalCode',
    phone: 'phone',
  },
  billing: {
    firstName: 'billingFirstName',
    lastName: 'billingLastName',
    company: 'billingCompany',
    country: 'billingCountry',
    addressLine: 'billingAddressLine',
    addressLine2: 'billingAddressLine2',
    city: 'billingCity',
    subdivision: 'billingSubdivision',
    postalCode: 'billingPostalCode',
    phone: 'billingPhone',
  },
} as const;
export type AddressKind = keyof typeof ADDRESS_FIELDS;
/** One address's field names (`ADDRESS_FIELDS.shipping` or `.billing`). */
export type AddressFieldNames = (typeof ADDRESS_FIELDS)[AddressKind];
export type AddressPart = keyof AddressFieldNames;
/** Any field name of either address. */
export type AddressFieldName = AddressFieldNames[AddressPart];

const PART_LABELS: Record<AddressPart, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  company: 'Company (optional)',
  country: 'Country',
  addressLine: 'Street and number',
  addressLine2: 'Apartment, suite (optional)',
  city: 'City',
  subdivision: 'State or region',
  postalCode: 'Postal code',
  phone: 'Phone (optional)',
};

/** A part's label in the block of `kind`: "City", and "Billing city" ("Billing ZIP code") for the billing address. */
function labelIn(kind: AddressKind, label: string): string {
  return kind === 'billing' ? `Billing ${label.replace(/^[A-Z](?=[a-z])/, (initial) => initial.toLowerCase())}` : label;
}

/**
 * A part's label where the country chosen changes it: the state is "State" (or what the country calls
 * it) where its addresses always name one, else "State or region (optional)"; the postal code is "ZIP
 * code", "Postcode" or "Postal code" where the post needs it, else "Postal code (optional)". Before a
 * country is chosen, the plain names.
 */
function partLabel(part: AddressPart, country: string | undefined): string {
  if (!country) return PART_LABELS[part];
  if (part === 'subdivision') return requiredRegionName(country) ?? `${PART_LABELS.subdivision} (optional)`;
  if (part === 'postalCode') return needsPostalCode(country) ? postalCodeLabel(country) : `${PART_LABELS.postalCode} (optional)`;
  return PART_LABELS[part];
}

/**
 * The labels of one address's fields, by field name, in page order (the error summary's order), for
 * the country chosen in it (none: the plain names).
 */
export function addressLabels<K extends AddressKind>(kind: K, country?: string) {
  const names = ADDRESS_FIELDS[kind];
  return Object.fromEntries(
    (Object.keys(names) as AddressPart[]).map((part) => [names[part], labelIn(kind, partLabel(part, country))]),
  ) as Record<(typeof names)[AddressPart], string>;
}

const AUTOCOMPLETE: Record<AddressPart, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  company: 'organization',
  country: 'country',
  addressLine: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  subdivision: 'address-level1',
  postalCode: 'postal-code',
  phone: 'tel',
};

const MAX_LENGTH: Record<Exclude<AddressPart, 'country'>, number> = {
  firstName: 100,
  lastName: 100,
  company: 200,
  addressLine: 500,
  addressLine2: 500,
  city: 200,
  subdivision: 50,
  postalCode: 50,
  phone: 50,
};

/**
 * Optional in every form; the others are required on the shipping address and, in HTML, nowhere on
 * the billing one (the server asks when it counts). The state and the postal code are asked for where
 * the country needs them (platform/address/address-needs.ts), by the server: the page may show
 * another country than the one chosen since (no JavaScript).
 */
const OPTIONAL: ReadonlySet<AddressPart> = new Set(['company', 'addressLine2', 'subdivision', 'postalCode', 'phone']);

/** One address block. `values` and `errors` are keyed by the form's field names. */
export function AddressFields(props: {
  kind: AddressKind;
  values: Partial<Record<AddressFieldName, string>>;
  errors: Partial<Record<AddressFieldName, string>>;
  lang: string;
}) {
  const names = ADDRESS_FIELDS[props.kind];
  const section = props.kind === 'shipping' ? 'shipping' : 'billing';
  const required = (part: AddressPart) => props.kind === 'shipping' && !OPTIONAL.has(part);
  const country = props.values[names.country];
  const labels: Record<AddressFieldName, string> = addressLabels(props.kind, country);
  const text = (part: Exclude<AddressPart, 'country'>, more: { hint?: string } = {}) => (
    <Field
      key={part}
      name={names[part]}
      label={labels[names[part]]}
      type="text"
      autoComplete={`${section} ${AUTOCOMPLETE[part]}`}
      value={props.values[names[part]]}
      error={props.errors[names[part]]}
      maxLength={MAX_LENGTH[part]}
      required={required(part)}
      {...more}
    />
  );
  const subdivisions = country && isCountry(country) ? subdivisionChoices(country, props.lang) : undefined;
  const regionName = requiredRegionName(country);
  return (
    <>
      {text('firstName')}
      {text('lastName')}
      {text('company')}
      <SelectField
        name={names.country}
        label={labels[names.country]}
        autoComplete={`${section} country`}
        placeholder="Choose a country"
        options={countryChoices(props.lang).map((c) => ({ value: c.code, label: c.name }))}
        value={country}
        error={props.errors[names.country]}
        required={required('country')}
      />
      {text('addressLine')}
      {text('addressLine2')}
      {text('city')}
      {/* The parts that follow the country: the live-totals script swaps them in when it changed. */}
      <div id={`${section}-subdivision-part`} data-follows-country={country ?? ''}>
        {subdivisions === undefined
          ? text('subdivision', { hint: 'Choose the country first to see its states and regions' })
          : subdivisions.length > 0 && (
              <SelectField
                name={names.subdivision}
                label={labels[names.subdivision]}
                autoComplete={`${section} address-level1`}
                placeholder={regionName ? `Choose a ${regionName.toLowerCase()}` : 'None'}
                options={subdivisions.map((s) => ({ value: s.code, label: s.name }))}
                value={props.values[names.subdivision]}
                error={props.errors[names.subdivision]}
                required={false}
              />
            )}
      </div>
      <div id={`${section}-postal-part`} data-follows-country={country ?? ''}>
        {text('postalCode')}
      </div>
      {text('phone')}
    </>
  );
}
