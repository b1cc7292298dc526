/**
 * The totals' answers as the wire carries them (the parts of `EstimateTotalsResponse` that are not the
 * cart itself; field names follow `packages/sdk/src/types/cart-totals.ts`), written once as zod
 * schemas: the estimate route's response schema (so `/docs` shows them and its serializer is
 * generated from them) and, through `z.infer`, the types `wire.ts` builds.
 */
import { z } from 'zod';

/** `MultiCurrencyPrice`: decimal strings in the shop currency and the display currency, and both formatted. */
export const WireMoney = z.object({
  amount: z.string(),
  convertedAmount: z.string(),
  formattedAmount: z.string(),
  formattedConvertedAmount: z.string(),
});
export type WireMoney = z.infer<typeof WireMoney>;

const WireTaxBreakdown = z.object({
  jurisdiction: z.string(),
  jurisdictionType: z.string(),
  taxName: z.string(),
  rate: z.string(),
  taxableAmount: WireMoney,
  taxAmount: WireMoney,
});

export const WireTaxDetails = z.object({
  taxableAmount: WireMoney,
  taxRate: z.string(),
  totalTax: WireMoney,
  taxBreakdown: z.array(WireTaxBreakdown),
});
export type WireTaxDetails = z.infer<typeof WireTaxDetails>;

export const WireCalculatedLineItem = z.object({
  lineItemId: z.string(),
  pricesBreakdown: z.object({
    totalPriceAfterTax: WireMoney,
    totalPriceBeforeTax: WireMoney,
    taxDetails: WireTaxDetails,
    totalDiscount: WireMoney,
    price: WireMoney.describe('per unit, before cart discounts'),
    priceBeforeDiscounts: WireMoney,
    lineItemPrice: WireMoney.describe('price × quantity (0 when a membership pays)'),
    fullPrice: WireMoney.describe("per unit, before the catalogue's own discount"),
  }),
  paymentOption: z.enum(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE', 'MEMBERSHIP']),
});
export type WireCalculatedLineItem = z.infer<typeof WireCalculatedLineItem>;

const WirePriceSummary = z.object({
  subtotal: WireMoney,
  shipping: WireMoney,
  tax: WireMoney,
  discount: WireMoney,
  total: WireMoney,
  additionalFees: WireMoney,
});

export const WireTaxSummary = z.object({
  taxableAmount: WireMoney,
  totalTax: WireMoney,
  calculationDetails: z.object({
    rateType: z.string(),
    manualRateReason: z.string().optional(),
    autoTaxFallbackDetails: z.object({ fallbackReason: z.string() }).optional(),
  }),
});
export type WireTaxSummary = z.infer<typeof WireTaxSummary>;

export const WireLogistics = z.object({
  deliveryTime: z.string().optional(),
  instructions: z.string().optional(),
  pickupDetails: z.object({ address: z.record(z.string(), z.unknown()).optional(), pickupMethod: z.string() }).optional(),
  deliveryTimeSlot: z.object({ from: z.string(), to: z.string() }).optional(),
});
export type WireLogistics = z.infer<typeof WireLogistics>;

export const WireShippingInfo = z.object({
  selectedCarrierServiceOption: z
    .object({
      code: z.string(),
      title: z.string(),
      carrierId: z.string(),
      logistics: WireLogistics,
      cost: z.object({
        totalPriceAfterTax: WireMoney,
        totalPriceBeforeTax: WireMoney,
        taxDetails: WireTaxDetails,
        totalDiscount: WireMoney,
        price: WireMoney.describe('before the shipping discount'),
      }),
      requestedShippingOption: z
        .boolean()
        .describe('whether this is the option the buyer asked for (false: the cheapest was chosen instead)'),
    })
    .optional(),
  carrierServiceOptions: z.array(
    z.object({
      carrierId: z.string(),
      shippingOptions: z.array(
        z.object({ code: z.string(), title: z.string(), logistics: WireLogistics, cost: z.object({ price: WireMoney }) }),
      ),
    }),
  ),
});
export type WireShippingInfo = z.infer<typeof WireShippingInfo>;

export const WireAppliedDiscount = z.object({
  coupon: z.object({ id: z.string(), code: z.string(), name: z.string(), amount: WireMoney }).optional(),
  merchantDiscount: z.object({ amount: WireMoney, percentage: z.number().optional() }).optional(),
  discountType: z.enum(['GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING']),
  lineItemIds: z.array(z.string()),
});
export type WireAppliedDiscount = z.infer<typeof WireAppliedDiscount>;

export const WireMembership = z.object({
  id: z.string(),
  name: z.object({ original: z.string(), translated: z.string() }),
  lineItemIds: z.array(z.string()),
  credits: z.object({ total: z.number(), remaining: z.number() }).optional(),
  expirationDate: z.string().nullable(),
});
export type WireMembership = z.infer<typeof WireMembership>;

const WireMembershipOptions = z.object({
  eligibleMemberships: z.array(WireMembership),
  invalidMemberships: z.array(z.object({ membership: WireMembership, reason: z.string() })),
  selectedMemberships: z.array(z.object({ id: z.string(), lineItemIds: z.array(z.string()) })),
});

/** Why the coupon takes nothing off, as the wire says it (the cart and its estimate alike). */
export const WireCouponError = z.object({
  applicationError: z.object({
    code: z.string(),
    description: z.string(),
    data: z
      .object({ minimumSubtotal: z.string(), missingAmount: z.string() })
      .optional()
      .describe('a minimum not reached: the minimum and how much more of the coupon items it needs, decimal strings'),
  }),
});
export type WireCouponError = z.infer<typeof WireCouponError>;

const WireCalculationErrors = z.object({ couponCalculationError: WireCouponError.optional() });

/** The estimate answer's parts beside the cart. */
export const EstimateWire = z.object({
  calculatedLineItems: z.array(WireCalculatedLineItem),
  priceSummary: WirePriceSummary,
  taxSummary: WireTaxSummary,
  shippingInfo: WireShippingInfo,
  appliedDiscounts: z.array(WireAppliedDiscount),
  membershipOptions: WireMembershipOptions,
  calculationErrors: WireCalculationErrors,
  payNow: WirePriceSummary.describe('what the buyer pays online now: everything'),
  payLater: WirePriceSummary.describe('nothing is paid later (no deposits or offline lines)'),
  currency: z.string(),
  weightUnit: z.enum(['KG', 'LB', 'UNSPECIFIED_WEIGHT_UNIT']),
});
export type EstimateWire = z.infer<typeof EstimateWire>;
