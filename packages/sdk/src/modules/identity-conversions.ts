/**
 * Conversion sets of the identity entity (`@wix/identity`). Addresses convert without their
 * geocode numbers: the reference leaves `location.latitude: "NaN"` a string here (REFERENCE-NOTES
 * "Known oddities") and sends a non-finite geocode as JSON `null`.
 */
import type { Conversions } from '../transport/declaration.js';
import { join, under } from './conversions.js';

/** A custom field value (also each value of `additionalData`). */
const VALUE: Conversions = { dates: 'dateValue', floats: 'numValue' };

/** An identity profile (the `profile` of register/sign-on inputs, `identity.identityProfile`). */
export const PROFILE = /* @__PURE__ */ join(/* @__PURE__ */ under('customFields.value', VALUE), { addresses: 'addresses.address' });

/** An identity. */
export const IDENTITY = /* @__PURE__ */ join({ dates: 'createdDate updatedDate' }, /* @__PURE__ */ under('identityProfile', PROFILE));

/** `{identity}` of an answer. */
export const IDENTITY_S = /* @__PURE__ */ under('identity', IDENTITY);

/** An authentication answer: `{identity, additionalData: {[key]: value}, state, …}`. */
export const AUTH_S = /* @__PURE__ */ join(IDENTITY_S, /* @__PURE__ */ under('additionalData{}', VALUE));
