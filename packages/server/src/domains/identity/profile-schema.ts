import { z } from 'zod';
import { withAddressRules } from '../../platform/address/address-rules.js';
import { exactDateTime } from '../../platform/date-time.js';

/**
 * The identity profile in wire form (what the SDK sends after its conversions: `formattedAddress`,
 * `geocode`, `addressLine`, `id`; non-finite numbers as `"NaN"`/`"Infinity"`/`"-Infinity"`, or
 * `null` where the reference serialises a non-finite geocode with JSON.stringify; dates as ISO
 * strings). Built twice: strict for requests (an unknown field is FIELD_NOT_ALLOWED) and stripping
 * for responses (the serializer must not fail on what we stored).
 */
type ObjectFactory = <S extends z.core.$ZodLooseShape>(shape: S) => z.ZodObject<S, z.core.$strict> | z.ZodObject<S, z.core.$strip>;

const text = (max: number) => z.string().max(max).nullable().optional();
/** A float of the wire: a number, a non-finite number as a string, or null. */
const Float = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity']), z.null()]);

const EmailTag = z.enum(['UNTAGGED', 'MAIN', 'HOME', 'WORK']);
const PhoneTag = z.enum(['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX']);
const AddressTag = z.enum(['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING']);
const PrivacyStatus = z.enum(['UNDEFINED', 'PUBLIC', 'PRIVATE']);

/** A custom value, nested at most `depth` list/map levels (a bound, so no input recurses without end). */
function customValue(objectOf: ObjectFactory, depth: number): z.ZodType {
  const shape: z.core.$ZodLooseShape = {
    strValue: z.string().max(5000).optional(),
    numValue: Float.optional(),
    dateValue: exactDateTime().optional(),
  };
  if (depth > 0) {
    const inner = customValue(objectOf, depth - 1);
    shape.listValue = objectOf({ value: z.array(inner).max(100).optional() }).optional();
    shape.mapValue = objectOf({ value: z.record(z.string().max(100), inner).optional() }).optional();
  }
  return objectOf(shape);
}

/** `forInput`: addresses checked (platform/address); answers show what is stored as it is. */
function profileShape(objectOf: ObjectFactory, forInput: boolean) {
  const email = objectOf({ email: z.email('Email is not valid').max(254).optional(), tag: EmailTag.optional() });
  const addressFields = objectOf({
    city: text(200),
    subdivision: text(50),
    country: text(50),
    postalCode: text(50),
    formattedAddress: text(1000),
    addressLine: text(500),
    addressLine2: text(500),
    hint: text(500),
    geocode: objectOf({ latitude: Float.optional(), longitude: Float.optional() }).optional(),
    streetAddress: objectOf({ name: text(200), number: text(50), apt: text(50), formattedAddressLine: text(500) }).optional(),
  });
  const address = forInput ? withAddressRules(addressFields) : addressFields;
  return {
    firstName: text(100),
    lastName: text(100),
    nickname: text(100),
    picture: text(2048),
    emails: z.array(email).max(20).optional(),
    secondaryEmails: z.array(email).max(20).optional(),
    phones: z
      .array(objectOf({ phone: z.string().max(50).optional(), tag: PhoneTag.optional() }))
      .max(20)
      .optional(),
    phonesV2: z
      .array(
        objectOf({
          id: text(100),
          countryCode: text(10),
          phone: z.string().max(50).optional(),
          e164Phone: text(50),
          tag: PhoneTag.optional(),
          primary: z.boolean().optional(),
        }),
      )
      .max(20)
      .optional(),
    labels: z.array(z.string().max(100)).max(50).optional(),
    language: text(35),
    privacyStatus: PrivacyStatus.optional(),
    birthdate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
      .nullable()
      .optional(),
    gender: text(100),
    position: text(200),
    company: text(200),
    addresses: z
      .array(objectOf({ id: text(100), tag: AddressTag.optional(), address: address.optional() }))
      .max(20)
      .optional(),
    customFields: z
      .array(objectOf({ name: z.string().min(1).max(100), value: customValue(objectOf, 3).optional() }))
      .max(100)
      .optional(),
  };
}

/** A profile in a request (register, sign-on): unknown fields are rejected. */
export const ProfileInput = z.strictObject(profileShape(z.strictObject as ObjectFactory, true));
/** A profile as answered (stored profiles pass; anything unknown is left out). */
export const ProfileOutput = z.object(profileShape(z.object as ObjectFactory, false));

/** The wire profile, as stored in `identities.profile`. */
export type Profile = z.infer<typeof ProfileInput>;
