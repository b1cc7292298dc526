/**
 * Conversion sets of the identity entity (`@wix/identity`). Addresses convert without their
 * geocode numbers: the reference leaves `location.latitude: "NaN"` a string here (REFERENCE-NOTES
 * "Known oddities") and sends a non-finite geocode as JSON `null`.
 */
import type { Conversions } from '../transport/declaration.js';
import { join, under } from './conversions.js';

/** A custom field value (also each value of `additionalData`). */
const VALUE: Conversions = { d: 'dateValue', f: 'numValue' };

/** An identity profile (the `profile` of register/sign-on inputs, `identity.identityProfile`). */
export const PROFILE = join(under('customFields.value', VALUE), { a: 'addresses.address' });

/** An identity. */
export const IDENTITY = join({ d: 'createdDate updatedDate' }, under('identityProfile', PROFILE));

/** `{identity}` of an answer. */
export const IDENTITY_S = under('identity', IDENTITY);

/** An authentication answer: `{identity, additionalData: {[key]: value}, state, …}`. */
export const AUTH_S = join(IDENTITY_S, under('additionalData{}', VALUE));
