/**
 * Request and response schemas of create-checkout (spec §7 "Cart") and of the orders read API
 * (`/ecom/v1/orders`, not in the spec: the storefront's account page). Inputs are strict objects: a
 * misspelt field is a violation, as on the other cart calls.
 */
import { z } from 'zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';

const text = (max: number) => z.string().max(max).optional().nullable();
/** Non-finite numbers travel as strings (WIRE.md). */
const Float = z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]);

/** An address as the wire carries it (spec §3 "Address"). */
export const WireAddress = z.strictObject({
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
});
export type WireAddress = z.infer<typeof WireAddress>;

/** The spec's sales channels (`ChannelType`). */
export const CHANNEL_TYPES = [
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

export const SelectedShippingOption = z.strictObject({
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

/** A price in the shop currency and the display currency, as decimal strings (like the cart's). */
const Price = z.object({
  amount: z.string(),
  convertedAmount: z.string(),
  formattedAmount: z.string(),
  formattedConvertedAmount: z.string(),
});

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
  descriptionLines: z.array(z.object({ name: z.string(), value: z.string() })),
  itemType: z.string(),
});

/** An order as its buyer (and the merchant) read it. */
export const WireOrder = z.object({
  id: z.string(),
  number: z.string(),
  checkoutId: z.string(),
  status: z.enum(['APPROVED', 'CANCELED']),
  paymentStatus: z.enum(['NOT_PAID', 'PENDING', 'PAID']),
  fulfillmentStatus: z.enum(['NOT_FULFILLED', 'FULFILLED']),
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
      deliveryTimeSlot: z.object({ from: z.string(), to: z.string() }).optional().describe('the delivery time slot chosen (ISO instants)'),
      address: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  billingInfo: z.object({ address: z.record(z.string(), z.unknown()).optional() }),
  buyerInfo: z.object({ email: z.string(), memberId: z.string().optional(), visitorId: z.string().optional() }),
  paymentMethod: z.object({ id: z.string(), title: z.string(), instructions: z.string() }),
});
export type WireOrder = z.infer<typeof WireOrder>;

export const OrderParams = z.object({ id: z.string().max(200) });
export const OrderResponse = z.object({ order: WireOrder });

export const SearchOrdersBody = z.strictObject({
  paging: z
    .strictObject({ limit: z.number().int().min(1).max(100).optional(), offset: z.number().int().min(0).max(1_000_000).optional() })
    .optional(),
});
export const SearchOrdersResponse = z.object({
  orders: z.array(WireOrder),
  metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
});

/** 400 is a validation error or an application error (CART_EMPTY, COUPON_USAGE_EXCEEDED...). */
export const errorResponses = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
};
export { ApplicationErrorResponse };
