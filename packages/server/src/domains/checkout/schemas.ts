/**
 * Request and response schemas of create-checkout (spec §7 "Cart"), of the orders read API
 * (`/ecom/v1/orders`, not in the spec: the storefront's account page, the merchant's order list) and
 * of the merchant's order actions (mark as paid, fulfil, cancel). Inputs are strict objects: a
 * misspelt field is a violation, as on the other cart calls.
 */
import type { CarrierCode, OrderFulfillmentStatus, OrderPaymentStatus, OrderSortField, OrderStatus, SortOrder } from '@vitrine/sdk';
import { z } from 'zod';
import { withAddressRules } from '../../platform/address/address-rules.js';
import { exactDateTime } from '../../platform/date-time.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { WireMoney } from '../cart/totals/wire-schemas.js';

const text = (max: number) => z.string().max(max).optional().nullable();
/** Non-finite numbers travel as strings (WIRE.md). */
const Float = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]);

/** An address as the wire carries it (spec §3 "Address"); its place checked (platform/address). */
export const WireAddress = withAddressRules(
  z.strictObject({
    city: text(200),
    subdivision: text(50),
    country: text(50),
    postalCode: text(50),
    formattedAddress: text(1000),
    addressLine: text(500),
    addressLine2: text(500),
    hint: text(500),
    geocode: z.strictObject({ latitude: Float.optional().nullable(), longitude: Float.optional().nullable() }).optional().nullable(),
    streetAddress: z
      .strictObject({ name: text(200), number: text(50), apt: text(50), formattedAddressLine: text(500) })
      .optional()
      .nullable(),
  }),
);
export type WireAddress = z.infer<typeof WireAddress>;

/** The spec's sales channels (`ChannelType`). */
const CHANNEL_TYPES = [
  'UNSPECIFIED',
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
] as const;

const SelectedShippingOption = z.strictObject({
  code: z.string().min(1).max(200),
  carrierId: z.string().max(200).optional().nullable(),
});

export const CreateCheckoutBody = z.strictObject({
  channelType: z.enum(CHANNEL_TYPES).optional(),
  shippingAddress: WireAddress.optional().nullable(),
  billingAddress: WireAddress.optional().nullable(),
  selectedShippingOption: SelectedShippingOption.optional().nullable(),
  email: z.email('Email is not valid').max(254).optional().nullable(),
});
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBody>;

export const CreateCheckoutResponse = z.object({ checkoutId: z.string() });

/** The order enumerations (defined in the SDK's types; the values the columns hold). */
export const ORDER_STATUSES = ['APPROVED', 'CANCELED'] as const satisfies readonly OrderStatus[];
export const PAYMENT_STATUSES = [
  'NOT_PAID',
  'PENDING',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
] as const satisfies readonly OrderPaymentStatus[];
export const FULFILLMENT_STATUSES = [
  'NOT_FULFILLED',
  'PARTIALLY_FULFILLED',
  'FULFILLED',
] as const satisfies readonly OrderFulfillmentStatus[];
/** The carriers a fulfilment may name (the SDK's `SHIPPING_CARRIERS` and OTHER). */
export const CARRIER_CODES = [
  'UPS',
  'FEDEX',
  'USPS',
  'DHL_EXPRESS',
  'DHL_PARCEL',
  'DPD',
  'GLS',
  'ROYAL_MAIL',
  'CANADA_POST',
  'AUSTRALIA_POST',
  'POSTNL',
  'COLISSIMO',
  'OTHER',
] as const satisfies readonly CarrierCode[];
export const ORDER_SORT_FIELDS = ['createdDate', 'number', 'total'] as const satisfies readonly OrderSortField[];
const SORT_ORDERS = ['ASC', 'DESC'] as const satisfies readonly SortOrder[];

/** A price in the shop currency and the display currency, as decimal strings: the cart's money. */
const Price = WireMoney;

const OrderLineItem = z.object({
  id: z.string(),
  productId: z.string().optional(),
  variantId: z.string().optional(),
  name: z.string(),
  quantity: z.number(),
  price: Price,
  fullPrice: Price,
  totalPrice: Price,
  image: z.string().optional(),
  url: z.string().optional(),
  sku: z.string().optional(),
  /** the chosen options by name; a colour with its swatch code */
  descriptionLines: z.array(z.object({ name: z.string(), value: z.string(), color: z.string().optional() })),
  itemType: z.string(),
  fulfilledQuantity: z.number().describe("how many of the line's units the fulfilments sent"),
  refundedQuantity: z.number().describe("how many of the line's units the refunds paid back"),
});

/** Some units of one order line. */
const LineQuantity = z.object({ lineItemId: z.string(), quantity: z.number() });

const WireFulfillment = z.object({
  id: z.string(),
  createdDate: z.string(),
  lineItems: z.array(LineQuantity),
  carrier: z.object({ code: z.enum(CARRIER_CODES), name: z.string() }),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
});

const WireRefund = z.object({
  id: z.string(),
  createdDate: z.string(),
  amount: Price,
  lineItems: z.array(LineQuantity),
  reason: z.string(),
  restock: z.boolean(),
  providerRefundId: z.string().optional(),
});

/** Who receives (or pays for) an order: the name, company and phone typed with the address. */
const WireContactDetails = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  company: z.string().optional(),
  phone: z.string().optional(),
});
export type WireContactDetails = z.infer<typeof WireContactDetails>;

/** An order as its buyer (and the merchant) read it. */
export const WireOrder = z.object({
  id: z.string(),
  number: z.string(),
  checkoutId: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  createdDate: z.string(),
  /** when the order last changed (placement, payment, fulfilment, cancellation) */
  updatedDate: z.string(),
  currency: z.string(),
  lineItems: z.array(OrderLineItem),
  priceSummary: z.object({ subtotal: Price, discount: Price, shipping: Price, tax: Price, total: Price }),
  appliedDiscounts: z.array(
    z.object({ discountType: z.string(), amount: Price, couponCode: z.string().optional(), name: z.string().optional() }),
  ),
  shippingInfo: z
    .object({
      code: z.string(),
      title: z.string(),
      carrierId: z.string(),
      cost: Price,
      deliveryTime: z.string().optional(),
      pickup: z
        .object({ method: z.string(), address: z.record(z.string(), z.unknown()).optional(), instructions: z.string().optional() })
        .optional(),
      deliveryTimeSlot: z
        .object({
          from: z.string(),
          to: z.string(),
          timeZone: z.string().optional().describe("the IANA zone the buyer read its times in: the pickup location's, else the shop's"),
        })
        .optional()
        .describe('the delivery time slot chosen (ISO instants)'),
      address: z.record(z.string(), z.unknown()).optional(),
      contactDetails: WireContactDetails.optional().describe('who receives the order'),
    })
    .optional(),
  billingInfo: z.object({
    address: z.record(z.string(), z.unknown()).optional(),
    contactDetails: WireContactDetails.optional().describe('who pays (the recipient unless a billing name was given)'),
  }),
  buyerInfo: z.object({ email: z.string(), memberId: z.string().optional(), visitorId: z.string().optional() }),
  paymentMethod: z.object({ id: z.string(), title: z.string(), instructions: z.string() }),
  /** when the merchant marked it paid */
  paidDate: z.string().optional(),
  fulfillmentInfo: z
    .object({ fulfilledDate: z.string(), trackingNumber: z.string().optional(), trackingUrl: z.string().optional() })
    .optional()
    .describe("the latest fulfilment's tracking; fulfilledDate once every line is sent"),
  fulfillments: z.array(WireFulfillment).describe('the parcels sent, oldest first'),
  refunds: z.array(WireRefund).describe('the refunds, oldest first'),
  refundedTotal: Price.describe('the sum of the refunds'),
  cancellation: z.object({ canceledDate: z.string(), reason: z.string().optional() }).optional().describe('set once the order is canceled'),
});
export type WireOrder = z.infer<typeof WireOrder>;

export const OrderParams = z.object({ id: z.string().max(200) });
export const OrderResponse = z.object({ order: WireOrder });

const DateTime = exactDateTime('must be an ISO 8601 date-time');

/** What the merchant's order list narrows to (every condition must hold; a list: any of its values). */
export const OrderSearchFilter = z
  .strictObject({
    status: z.array(z.enum(ORDER_STATUSES)).min(1).max(ORDER_STATUSES.length).optional(),
    paymentStatus: z.array(z.enum(PAYMENT_STATUSES)).min(1).max(PAYMENT_STATUSES.length).optional(),
    fulfillmentStatus: z.array(z.enum(FULFILLMENT_STATUSES)).min(1).max(FULFILLMENT_STATUSES.length).optional(),
    /** created at or after `from`, before `to` */
    createdDate: z.strictObject({ from: DateTime.optional(), to: DateTime.optional() }).optional(),
    /** the buyer's e-mail contains it (any case) */
    email: z.string().min(1).max(254).optional(),
    /** the order number, exactly: bare (10001) or with the prefix it was placed with (SHOP-10001) */
    number: z
      .string()
      .regex(/^([A-Za-z0-9-]{0,11}[A-Za-z-])?\d{1,18}$/, 'must be an order number, e.g. 10001 or SHOP-10001')
      .optional(),
    /** the order number (bare or with its prefix), or the buyer's e-mail or name (recipient's or payer's) contains it, any case */
    query: z.string().trim().min(1).max(200).optional(),
  })
  .refine(
    (filter) =>
      !filter.createdDate?.from || !filter.createdDate.to || Date.parse(filter.createdDate.from) < Date.parse(filter.createdDate.to),
    {
      message: 'must be after createdDate.from',
      path: ['createdDate', 'to'],
    },
  );
export type OrderSearchFilter = z.infer<typeof OrderSearchFilter>;

export const OrderSort = z.strictObject({ fieldName: z.enum(ORDER_SORT_FIELDS), order: z.enum(SORT_ORDERS).optional() });
export type OrderSort = z.infer<typeof OrderSort>;

export const SearchOrdersBody = z.strictObject({
  paging: z
    .strictObject({ limit: z.number().int().min(1).max(100).optional(), offset: z.number().int().min(0).max(1_000_000).optional() })
    .optional(),
  /** merchant only */
  filter: OrderSearchFilter.optional(),
  /** merchant only; default: newest first */
  sort: OrderSort.optional(),
});
export type SearchOrdersBody = z.infer<typeof SearchOrdersBody>;
export const SearchOrdersResponse = z.object({
  orders: z.array(WireOrder),
  metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
});

/** The order's id may repeat in the body (the SDK sends its arguments there); it must match the path's. */
const PathId = z.string().max(200).optional();

export const MarkAsPaidBody = z.strictObject({ id: PathId });
/** Which units of which lines: each line once, whole positive quantities. */
const LineQuantities = z
  .array(z.strictObject({ lineItemId: z.string().min(1).max(200), quantity: z.number().int().min(1).max(1_000_000) }))
  .min(1)
  .max(500)
  .refine((lines) => new Set(lines.map((line) => line.lineItemId)).size === lines.length, { message: 'must name each line once' });

export const FulfillOrderBody = z
  .strictObject({
    id: PathId,
    /** default: every unit not yet fulfilled */
    lineItems: LineQuantities.optional(),
    /** default: OTHER */
    carrier: z.enum(CARRIER_CODES).optional(),
    trackingNumber: z.string().trim().min(1).max(100).optional(),
    trackingUrl: z
      .string()
      .max(2048)
      .refine((url) => /^https:\/\/[^\s/]+/i.test(url) && URL.canParse(url), {
        message: 'must be an https URL',
        params: { rule: 'FORMAT' },
      })
      .optional(),
  })
  .refine((body) => !body.trackingUrl || !body.carrier || body.carrier === 'OTHER', {
    message: "is made from the carrier's tracking page: give one only with carrier OTHER",
    path: ['trackingUrl'],
  });
export type FulfillOrderBody = z.infer<typeof FulfillOrderBody>;
export const CancelOrderBody = z.strictObject({ id: PathId, reason: z.string().trim().min(1).max(500).optional() });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

export const RefundOrderBody = z
  .strictObject({
    id: PathId,
    reason: z.string().trim().min(1).max(500),
    /** default: every unit not yet refunded, when no amount is given either */
    lineItems: LineQuantities.optional(),
    /** decimal text in the order currency; default: the lines' prices */
    amount: z
      .string()
      .regex(/^\d{1,15}(\.\d{1,4})?$/, 'must be a positive decimal amount, such as 12.50')
      .optional(),
    restock: z.boolean().optional(),
  })
  .refine((body) => !body.restock || body.lineItems || body.amount === undefined, {
    message: 'gives back the stock of refunded lines: name the lineItems refunded with the amount',
    path: ['restock'],
  });
export type RefundOrderBody = z.infer<typeof RefundOrderBody>;

/** 400 is a validation error or an application error (CART_EMPTY, COUPON_USAGE_EXCEEDED...). */
export const errorResponses = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
};
export { ApplicationErrorResponse };
