/**
 * Orders as their buyer reads them (the storefront's account page) and as the merchant manages them
 * (the console): `orders.getOrder`, `orders.searchOrders` (filters and sort: merchant only) and the
 * merchant's `markOrderAsPaid`, `fulfillOrder`, `cancelOrder` (`/ecom/v1/orders`, Vitrine calls: the
 * spec does not list them). Money is a `MultiCurrencyPrice` with decimal strings, as on the cart.
 */
import type { Address } from './address.js';
import type { CarrierCode } from './carriers.js';
import type { ContactDetails, MultiCurrencyPrice } from './cart.js';
import type { SortOrder } from './enums-catalog.js';
import type { Paging, PlatformPagingMetadata } from './query.js';

/** Where an order stands. */
export const OrderStatus = {
  APPROVED: 'APPROVED',
  CANCELED: 'CANCELED',
} as const;
/** Where an order stands. */
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/**
 * Whether an order is paid (offline methods start NOT_PAID until the merchant records the payment),
 * and how much of a paid order was refunded.
 */
export const OrderPaymentStatus = {
  NOT_PAID: 'NOT_PAID',
  PENDING: 'PENDING',
  PAID: 'PAID',
  PARTIALLY_REFUNDED: 'PARTIALLY_REFUNDED',
  FULLY_REFUNDED: 'FULLY_REFUNDED',
} as const;
/** Whether an order is paid. */
export type OrderPaymentStatus = (typeof OrderPaymentStatus)[keyof typeof OrderPaymentStatus];

/** Whether an order has been sent (or handed) to its buyer: nothing yet, some of its lines, all of them. */
export const OrderFulfillmentStatus = {
  NOT_FULFILLED: 'NOT_FULFILLED',
  PARTIALLY_FULFILLED: 'PARTIALLY_FULFILLED',
  FULFILLED: 'FULFILLED',
} as const;
/** Whether an order has been sent (or handed) to its buyer. */
export type OrderFulfillmentStatus = (typeof OrderFulfillmentStatus)[keyof typeof OrderFulfillmentStatus];

/** What the merchant's order list can be sorted by. */
export const OrderSortField = {
  createdDate: 'createdDate',
  number: 'number',
  total: 'total',
} as const;
/** What the merchant's order list can be sorted by. */
export type OrderSortField = (typeof OrderSortField)[keyof typeof OrderSortField];

/** One line of an order, frozen at checkout. */
export interface OrderLineItem {
  /** the cart line's id */
  _id?: string;
  productId?: string;
  variantId?: string;
  name?: string;
  quantity?: number;
  /** per unit, after the product's own discount */
  price?: MultiCurrencyPrice;
  /** per unit, before the product's own discount */
  fullPrice?: MultiCurrencyPrice;
  /** price × quantity */
  totalPrice?: MultiCurrencyPrice;
  /** absolute image URL */
  image?: string;
  /** the product page */
  url?: string;
  sku?: string;
  /** the chosen options by name: `{name: 'Size', value: 'L'}`; a colour also with its swatch code, `{name: 'Color', value: 'Forest', color: '#2e6b3f'}` */
  descriptionLines?: { name?: string; value?: string; color?: string }[];
  itemType?: 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
  /** how many of `quantity` the order's fulfilments sent */
  fulfilledQuantity?: number;
  /** how many of `quantity` the order's refunds paid back */
  refundedQuantity?: number;
}

/** Some units of one order line (a fulfilment's or a refund's). */
export interface OrderLineQuantity {
  /** the order line's `_id` */
  lineItemId: string;
  quantity: number;
}

/** One parcel of an order: which lines, how many, with which carrier and tracking. */
export interface OrderFulfillment {
  _id?: string;
  _createdDate?: Date;
  lineItems?: OrderLineQuantity[];
  carrier?: { code?: CarrierCode; name?: string };
  trackingNumber?: string;
  /** the carrier's tracking page of the parcel (made from the carrier's template, or given for OTHER) */
  trackingUrl?: string;
}

/** Money given back to the buyer: an amount, for some lines or not, and why. */
export interface OrderRefund {
  _id?: string;
  _createdDate?: Date;
  amount?: MultiCurrencyPrice;
  /** the lines (and quantities) refunded; empty for a refund of an amount alone */
  lineItems?: OrderLineQuantity[];
  reason?: string;
  /** whether the refunded lines' stock went back to the catalogue */
  restock?: boolean;
  /** the payment provider's id of the refund (card payments); absent for offline methods */
  providerRefundId?: string;
}

/** What the order came to. */
export interface OrderPriceSummary {
  subtotal?: MultiCurrencyPrice;
  discount?: MultiCurrencyPrice;
  shipping?: MultiCurrencyPrice;
  tax?: MultiCurrencyPrice;
  total?: MultiCurrencyPrice;
}

/** A discount the order received. */
export interface OrderAppliedDiscount {
  discountType?: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  amount?: MultiCurrencyPrice;
  couponCode?: string;
  name?: string;
}

/** How the order reaches its buyer. */
export interface OrderShippingInfo {
  code?: string;
  title?: string;
  carrierId?: string;
  /** after its discount */
  cost?: MultiCurrencyPrice;
  deliveryTime?: string;
  pickup?: { method?: 'STORE_PICKUP' | 'PICKUP_POINT'; address?: Address; instructions?: string };
  /** the time the buyer chose for the delivery or pickup, and the IANA zone they read it in (`chosenTimeText` of `@vitrine/sdk/wording` words it) */
  deliveryTimeSlot?: { from?: Date; to?: Date; timeZone?: string };
  /** the shipping address */
  address?: Address;
  /** who receives the order: name, company, phone */
  contactDetails?: ContactDetails;
}

/** How the order was fulfilled: the latest fulfilment's tracking; `fulfilledDate` once everything is sent. */
export interface OrderFulfillmentInfo {
  fulfilledDate?: Date;
  /** the carrier's tracking number */
  trackingNumber?: string;
  /** where the buyer follows the parcel */
  trackingUrl?: string;
}

/** When and why the order was canceled (set by `cancelOrder`). */
export interface OrderCancellation {
  canceledDate?: Date;
  reason?: string;
}

/** A placed order. */
export interface Order {
  _id?: string;
  /** the shop's order number, e.g. `"10001"` */
  number?: string;
  checkoutId?: string;
  status?: OrderStatus;
  paymentStatus?: OrderPaymentStatus;
  fulfillmentStatus?: OrderFulfillmentStatus;
  _createdDate?: Date;
  /** when the order last changed (placement, payment, fulfilment, cancellation) */
  _updatedDate?: Date;
  /** when the merchant marked it paid */
  paidDate?: Date;
  fulfillmentInfo?: OrderFulfillmentInfo;
  /** the parcels sent, oldest first */
  fulfillments?: OrderFulfillment[];
  /** the refunds, oldest first */
  refunds?: OrderRefund[];
  /** the sum of the refunds */
  refundedTotal?: MultiCurrencyPrice;
  cancellation?: OrderCancellation;
  currency?: string;
  lineItems?: OrderLineItem[];
  priceSummary?: OrderPriceSummary;
  appliedDiscounts?: OrderAppliedDiscount[];
  shippingInfo?: OrderShippingInfo;
  /** the billing address and who pays (the recipient unless the buyer gave a billing name) */
  billingInfo?: { address?: Address; contactDetails?: ContactDetails };
  buyerInfo?: { email?: string; memberId?: string; visitorId?: string };
  /** the offline method chosen at checkout and what the buyer must do */
  paymentMethod?: { id?: string; title?: string; instructions?: string };
}

/**
 * What the merchant's order list narrows to: every given condition must hold; a list matches any of
 * its values. Only a merchant may filter (a shopper's filter is refused with 403).
 */
export interface OrderSearchFilter {
  status?: OrderStatus[];
  paymentStatus?: OrderPaymentStatus[];
  fulfillmentStatus?: OrderFulfillmentStatus[];
  /** created at or after `from`, before `to` */
  createdDate?: { from?: Date; to?: Date };
  /** the buyer's e-mail contains it (any case) */
  email?: string;
  /** the order number, exactly */
  number?: Order['number'];
  /** the order number, or the buyer's e-mail or name (recipient's or payer's) contains it, any case */
  query?: string;
}

/** The order of the merchant's order list (default: newest first). */
export interface OrderSort {
  fieldName: OrderSortField;
  /** default ASC */
  order?: SortOrder;
}

/** Options of `searchOrders`: offset paging (newest first; default limit 50, at most 100); filter and sort for merchants. */
export interface SearchOrdersOptions {
  paging?: Paging;
  filter?: OrderSearchFilter;
  sort?: OrderSort;
}

/** Options of `orders.exportOrders`: which orders, in which order (default: newest first). */
export type ExportOrdersOptions = Pick<SearchOrdersOptions, 'filter' | 'sort'>;

/**
 * Options of `fulfillOrder`: which lines and how many (default: everything not yet fulfilled), the
 * carrier (a known one makes the tracking link from the number; OTHER takes an https `trackingUrl`).
 */
export interface FulfillOrderOptions {
  lineItems?: OrderLineQuantity[];
  carrier?: CarrierCode;
  trackingNumber?: string;
  /** only with carrier OTHER (or none): https */
  trackingUrl?: string;
}

/**
 * Options of `refundOrder`: by lines (each unit at its price), by an `amount` (decimal string in the
 * order currency), or neither (everything not yet refunded); `restock` gives the lines' stock back.
 */
export interface RefundOrderOptions {
  reason: string;
  lineItems?: OrderLineQuantity[];
  /** e.g. `"12.50"`; with lines: the amount refunded for them */
  amount?: string;
  restock?: boolean;
}

/** Options of `cancelOrder`: why (kept on the order). */
export type CancelOrderOptions = Pick<OrderCancellation, 'reason'>;

/** Answer of `searchOrders`. */
export interface SearchOrdersResponse {
  orders?: Order[];
  metadata?: PlatformPagingMetadata;
}
