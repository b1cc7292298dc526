/**
 * Orders as their buyer reads them (the storefront's account page): `orders.getOrder` and
 * `orders.searchOrders` (`/ecom/v1/orders`, a Vitrine call: the spec does not list it). Money is a
 * `MultiCurrencyPrice` with decimal strings, as on the cart.
 */
import type { Address } from './address.js';
import type { MultiCurrencyPrice } from './cart.js';
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
  /** the chosen options: `{name: 'Size', value: 'L'}` */
  descriptionLines?: { name?: string; value?: string }[];
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
}

/** A placed order. */
export interface Order {
  _id?: string;
  /** the shop's order number, e.g. `"10001"` */
  number?: string;
  checkoutId?: string;
  status?: OrderStatus;
  paymentStatus?: OrderPaymentStatus;
  _createdDate?: Date;
  currency?: string;
  lineItems?: OrderLineItem[];
  priceSummary?: OrderPriceSummary;
  appliedDiscounts?: OrderAppliedDiscount[];
  shippingInfo?: OrderShippingInfo;
  billingInfo?: { address?: Address };
  buyerInfo?: { email?: string; memberId?: string; visitorId?: string };
  /** the offline method chosen at checkout and what the buyer must do */
  paymentMethod?: { id?: string; title?: string; instructions?: string };
}

/** Options of `searchOrders`: offset paging (newest first; default limit 50, at most 100). */
export interface SearchOrdersOptions {
  paging?: Paging;
}

/** Answer of `searchOrders`. */
export interface SearchOrdersResponse {
  orders?: Order[];
  metadata?: PlatformPagingMetadata;
}
