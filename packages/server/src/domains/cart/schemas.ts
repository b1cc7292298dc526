/**
 * Request and response schemas of the current cart (spec §7 "Cart"; wire shapes as the corpus
 * records them). Inputs are strict: a misspelt field is a violation. Fields the server computes
 * (prices, availability, dates, ids of a cart read back) are accepted and ignored.
 */
import { z } from 'zod';
import { withAddressRules } from '../../platform/address/address-rules.js';
import { exactDateTime } from '../../platform/date-time.js';

/** Most units of one line, and most lines of a cart. */
export const MAX_QUANTITY = 100_000;
export const MAX_LINES = 300;

const ignored = z.unknown().optional();
const id = z.string().min(1).max(200);
const shortText = z.string().max(200);
const decimal = z.string().regex(/^\d{1,12}(?:\.\d{1,4})?$/, 'must be a non-negative decimal string such as "10.00"');
const translatable = z.strictObject({ original: z.string().min(1).max(200), translated: z.string().max(200).nullable().optional() });
const jsonObject = (maxChars: number) =>
  z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= maxChars, { message: `must be at most ${maxChars} characters as JSON` });

const CatalogReference = z.strictObject({
  catalogItemId: id,
  appId: z.string().min(1).max(100),
  options: jsonObject(2000).nullable().optional(),
});

const ServiceProperties = z.strictObject({
  scheduledDate: exactDateTime().nullable().optional(),
  numberOfParticipants: z.number().int().min(1).max(10_000).nullable().optional(),
});

const ImageInput = z.looseObject({ id: z.string().max(500).optional(), url: z.string().max(2048).optional() });

const PhysicalProperties = z.strictObject({
  weight: z
    .union([z.number(), z.string().max(40)])
    .nullable()
    .optional(),
  sku: z.string().max(40).nullable().optional(),
  shippable: z.boolean().optional(),
});

/** What a merchant shows and charges instead of the catalogue's, for one line (merchant callers only). */
const CatalogOverrideFields = z.strictObject({
  productName: translatable.optional(),
  price: decimal.nullable().optional(),
  fullPrice: decimal.nullable().optional(),
  descriptionLines: z.array(jsonObject(1000)).max(20).optional(),
  physicalProperties: PhysicalProperties.optional(),
  image: ImageInput.optional(),
});
export type CatalogOverrideFields = z.infer<typeof CatalogOverrideFields>;

/** A catalogue line to add; what the catalogue decides (name, price, image…) is ignored. */
const LineItemInput = z.strictObject({
  id: ignored,
  quantity: z.number().int().min(1).max(MAX_QUANTITY).optional(),
  catalogReference: CatalogReference,
  catalogOverrideFields: CatalogOverrideFields.optional(),
  serviceProperties: ServiceProperties.optional(),
  productName: ignored,
  url: ignored,
  price: ignored,
  fullPrice: ignored,
  priceBeforeDiscounts: ignored,
  descriptionLines: ignored,
  image: ignored,
  availability: ignored,
  physicalProperties: ignored,
  itemType: ignored,
  subscriptionOptionInfo: ignored,
  fulfillerId: ignored,
  paymentOption: ignored,
  rootCatalogItemId: ignored,
  priceDescription: ignored,
  depositAmount: ignored,
  selectedMembership: ignored,
  digitalFile: ignored,
  customLineItem: ignored,
  policies: ignored,
  fixedQuantity: ignored,
  priceUndetermined: ignored,
  createdDate: ignored,
  extendedFields: ignored,
});
export type LineItemInput = z.infer<typeof LineItemInput>;

const ItemType = z.union([
  z.strictObject({ preset: z.enum(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']) }),
  z.strictObject({ custom: z.string().min(1).max(100) }),
]);

/** A merchant's line outside the catalogue: it names its own price. */
const CustomLineItemInput = z.strictObject({
  id: ignored,
  quantity: z.number().int().min(1).max(MAX_QUANTITY).optional(),
  price: decimal,
  fullPrice: decimal.nullable().optional(),
  priceDescription: translatable.optional(),
  productName: translatable,
  url: z.strictObject({ relativePath: z.string().max(2048).optional(), url: z.string().max(2048).optional() }).optional(),
  itemType: ItemType.optional(),
  descriptionLines: z.array(jsonObject(1000)).max(20).optional(),
  media: ImageInput.optional(),
  catalogReference: CatalogReference.partial().optional(),
  physicalProperties: PhysicalProperties.optional(),
  serviceProperties: ServiceProperties.optional(),
  rootCatalogItemId: ignored,
  depositAmount: ignored,
  deliveryProfileId: ignored,
  taxGroupId: ignored,
  policies: ignored,
  fixedQuantity: ignored,
  priceUndetermined: ignored,
  extendedFields: ignored,
});
export type CustomLineItemInput = z.infer<typeof CustomLineItemInput>;

/** An address as the wire carries it (`formattedAddress`, `geocode`, `addressLine`); its place checked (platform/address). */
const AddressInput = withAddressRules(
  z.strictObject({
    country: z.string().max(50).nullable().optional(),
    subdivision: z.string().max(50).nullable().optional(),
    city: shortText.nullable().optional(),
    postalCode: z.string().max(40).nullable().optional(),
    formattedAddress: z.string().max(1000).nullable().optional(),
    addressLine: z.string().max(500).nullable().optional(),
    addressLine2: z.string().max(500).nullable().optional(),
    hint: z.string().max(500).nullable().optional(),
    countryFullname: shortText.nullable().optional(),
    subdivisionFullname: shortText.nullable().optional(),
    streetAddress: z
      .strictObject({
        name: shortText.optional(),
        number: z.string().max(40).optional(),
        apt: z.string().max(40).optional(),
        formattedAddressLine: z.string().max(500).nullable().optional(),
      })
      .optional(),
    geocode: z
      .strictObject({
        latitude: z
          .union([z.number(), z.string().max(20)])
          .nullable()
          .optional(),
        longitude: z
          .union([z.number(), z.string().max(20)])
          .nullable()
          .optional(),
      })
      .optional(),
  }),
);

const ContactDetails = z.strictObject({
  firstName: shortText.nullable().optional(),
  lastName: shortText.nullable().optional(),
  phone: z.string().max(50).nullable().optional(),
  company: shortText.nullable().optional(),
  vatId: z.strictObject({ id: z.string().max(100).optional(), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).optional() }).optional(),
});

const SelectedShippingOption = z.strictObject({
  code: z.string().min(1).max(100),
  carrierId: z.string().max(100).nullable().optional(),
});

/** The cart fields a shopper may change; the rest of a cart read back is accepted and ignored. */
const CartInfo = z.strictObject({
  buyerNote: z.string().max(1000).nullable().optional(),
  contactInfo: z.strictObject({ address: AddressInput.optional(), contactDetails: ContactDetails.optional() }).nullable().optional(),
  buyerInfo: z
    .strictObject({
      email: z.email().max(254).nullable().optional(),
      visitorId: ignored,
      memberId: ignored,
      userId: ignored,
      contactId: ignored,
    })
    .optional(),
  selectedShippingOption: SelectedShippingOption.nullable().optional(),
  id: ignored,
  lineItems: ignored,
  currency: ignored,
  conversionCurrency: ignored,
  buyerLanguage: ignored,
  siteLanguage: ignored,
  taxIncludedInPrices: ignored,
  weightUnit: ignored,
  subtotal: ignored,
  subtotalAfterDiscounts: ignored,
  appliedDiscounts: ignored,
  inSync: ignored,
  createdDate: ignored,
  updatedDate: ignored,
  checkoutId: ignored,
  overrideCheckoutUrl: ignored,
  purchaseFlowId: ignored,
  businessLocationId: ignored,
  extendedFields: ignored,
});
export type CartInfoInput = z.infer<typeof CartInfo>;

const MerchantDiscountInput = z
  .strictObject({
    amount: decimal.optional(),
    percentage: z.number().gt(0).max(100).optional(),
    lineItemIds: z.array(id).max(MAX_LINES).optional(),
  })
  .refine((discount) => (discount.amount === undefined) !== (discount.percentage === undefined), {
    message: 'must have either amount or percentage',
  });

const lines = z.array(LineItemInput).max(MAX_LINES);
const customLines = z.array(CustomLineItemInput).max(MAX_LINES);

const AddToCartFields = z.strictObject({ lineItems: lines.optional(), customLineItems: customLines.optional() });
export type AddToCartBody = z.infer<typeof AddToCartFields>;
/**
 * No body adds nothing (an empty object). A request without a body reaches validation as `null`
 * (Fastify's), hence `nullish` on every body that may be left out.
 */
export const AddToCartBody = AddToCartFields.nullish();

const UpdateCartFields = z.strictObject({
  cartInfo: CartInfo.optional(),
  couponCode: z.string().max(64).nullable().optional(),
  merchantDiscounts: z.array(MerchantDiscountInput).max(20).optional(),
  lineItems: lines.optional(),
  customLineItems: customLines.optional(),
});
export type UpdateCartBody = z.infer<typeof UpdateCartFields>;
/** No body changes nothing (an empty object). */
export const UpdateCartBody = UpdateCartFields.nullish();

export const UpdateCartQuery = z.looseObject({ cartFieldmask: z.string().max(1000).optional() });

export const RemoveLineItemsBody = z.strictObject({ lineItemIds: z.array(id).min(1).max(MAX_LINES) });

export const UpdateQuantitiesBody = z.strictObject({
  lineItems: z
    .array(z.strictObject({ id, quantity: z.number().int().min(0).max(MAX_QUANTITY) }))
    .min(1)
    .max(MAX_LINES),
});

/** Calls without input accept no body or an empty object. */
export const NoBody = z.strictObject({}).nullish();

export const EstimateTotalsBody = z
  .strictObject({
    selectedShippingOption: SelectedShippingOption.optional(),
    shippingAddress: AddressInput.optional(),
    billingAddress: AddressInput.optional(),
    selectedMemberships: z
      .strictObject({
        memberships: z
          .array(z.strictObject({ id, appId: z.string().max(100).optional(), lineItemIds: z.array(id).max(MAX_LINES).optional() }))
          .max(50)
          .optional(),
      })
      .optional(),
  })
  .nullish();
export type EstimateTotalsBody = z.infer<typeof EstimateTotalsBody>;
