/**
 * Orders as their buyer reads them (the storefront's account page) and as the merchant manages them
 * (the console): `orders.getOrder`, `orders.searchOrders` (filters and sort: merchant only) and the
 * merchant's `markOrderAsPaid`, `fulfillOrder`, `cancelOrder` (`/ecom/v1/orders`, Vitrine calls: the
 * spec does not list them). Money is a `MultiCurrencyPrice` with decimal strings, as on the cart.
 */
import type { Address } from './address.js';
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

/** Whether an order is paid (offline methods start NOT_PAID until the merchant records the payment). */
export const OrderPaymentStatus = {
  NOT_PAID: 'NOT_PAID',
  PENDING: 'PENDING',
  PAID: 'PAID',
} as const;
/** Whether an order is paid. */
export type OrderPaymentStatus = (typeof OrderPaymentStatus)[keyof typeof OrderPaymentStatus];

/** Whether an order has been sent (or handed) to its buyer. */
export const OrderFulfillmentStatus = {
  NOT_FULFILLED: 'NOT_FULFILLED',
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
  /** the shipping address */
  address?: Address;
  /** who receives the order: name, company, phone */
  contactDetails?: ContactDetails;
}

/** How the order was fulfilled (set by `fulfillOrder`). */
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

/** Options of `fulfillOrder`: the parcel's tracking, when there is one. */
export type FulfillOrderOptions = Pick<OrderFulfillmentInfo, 'trackingNumber' | 'trackingUrl'>;

/** Options of `cancelOrder`: why (kept on the order). */
export type CancelOrderOptions = Pick<OrderCancellation, 'reason'>;

/** Answer of `searchOrders`. */
export interface SearchOrdersResponse {
  orders?: Order[];
  metadata?: PlatformPagingMetadata;
}
