/**
 * The cart's answers as the wire carries them (the corpus's `cart`, spec §7 "Cart"), written once:
 * the routes' response schemas (so `/docs` shows them and their serializer is generated from them)
 * and, through `z.infer`, the type `line-view.ts` builds. Parts the server keeps as they were sent
 * (a merchant's overrides, description lines and images, the contact info) are open maps: the
 * serializer drops what a schema does not name.
 */
import { z } from 'zod';
import { ApplicationErrorResponse, MerchantErrorResponses } from '../../platform/http/error-schemas.js';
import { EstimateWire, WireCouponError, WireMoney } from './totals/wire-schemas.js';

const Translated = z.object({ original: z.string(), translated: z.string() });
const OpenMap = z.record(z.string(), z.unknown());

/** An image: the catalogue's (`id`, `url`, `width`, `height`, `altText`) or the one a merchant sent. */
const WireImage = z.looseObject({ id: z.string().optional(), url: z.string().optional() });

/** A description line: the catalogue's option and value (a colour with its code), or as a merchant sent it. */
const WireDescriptionLine = OpenMap.describe('{name, plainText | colorInfo, lineType} from the catalogue; as sent for a merchant line');

const WireCartLine = z.object({
  id: z.string(),
  quantity: z.number(),
  catalogReference: z.object({
    catalogItemId: z.string().optional(),
    appId: z.string().optional(),
    options: OpenMap.nullable().optional(),
  }),
  productName: Translated.optional(),
  url: z.object({ relativePath: z.string().optional(), url: z.string().optional() }).optional(),
  descriptionLines: z.array(WireDescriptionLine).optional(),
  image: WireImage.optional(),
  priceDescription: z.object({ original: z.string(), translated: z.string().nullable().optional() }).optional(),
  physicalProperties: z
    .object({
      weight: z.union([z.number(), z.string(), z.null()]).optional(),
      sku: z.string().nullable().optional(),
      shippable: z.boolean(),
    })
    .optional(),
  itemType: z.object({ preset: z.string().optional(), custom: z.string().optional() }).optional(),
  customLineItem: z.literal(true).optional().describe("a merchant's line outside the catalogue"),
  price: WireMoney,
  fullPrice: WireMoney,
  priceBeforeDiscounts: WireMoney,
  availability: z.object({ status: z.string(), quantityAvailable: z.number().optional() }),
  paymentOption: z.enum(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE']),
  catalogOverrideFields: OpenMap.optional().describe('what a merchant shows and charges instead of the catalogue, as sent'),
  serviceProperties: OpenMap.optional(),
  createdDate: z.string(),
});

const WireCartDiscount = z.object({
  coupon: z.object({ id: z.string(), code: z.string(), name: z.string(), amount: WireMoney.optional() }).optional(),
  merchantDiscount: z.object({ amount: WireMoney.optional(), percentage: z.number().optional() }).optional(),
  lineItemIds: z.array(z.string()).optional(),
});

/** The cart as `line-view.ts` shapes it. */
export const WireCart = z.object({
  id: z.string(),
  lineItems: z.array(WireCartLine),
  buyerInfo: z.object({ memberId: z.string().optional(), visitorId: z.string().optional(), email: z.string().optional() }),
  currency: z.string(),
  conversionCurrency: z.string(),
  weightUnit: z.literal('KG'),
  taxIncludedInPrices: z.boolean(),
  subtotal: WireMoney,
  appliedDiscounts: z.array(WireCartDiscount),
  calculationErrors: z
    .object({ couponCalculationError: WireCouponError })
    .optional()
    .describe("a coupon on the cart that takes nothing off says why (issue #19, an extension of the reference's cart)"),
  contactInfo: z.looseObject({ address: OpenMap.optional(), contactDetails: OpenMap.optional() }).optional(),
  buyerNote: z.string().optional(),
  selectedShippingOption: z.object({ code: z.string(), carrierId: z.string().nullable().optional() }).optional(),
  checkoutId: z.string().optional(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type WireCart = z.infer<typeof WireCart>;

export const CartResponse = z.object({ cart: WireCart });
export const EstimateResponse = EstimateWire.extend({ cart: WireCart });
export const Empty = z.object({});

/** Error answers of the cart calls: a merchant route's, an Idempotency-Key reused for another body (422) and an item out of stock (428). */
export const ErrorResponses = { ...MerchantErrorResponses, 422: ApplicationErrorResponse, 428: ApplicationErrorResponse };
