import type { Address } from './address.js';
import type {
  Cart,
  CatalogReference,
  DescriptionLine,
  ExtendedFields,
  ItemType,
  LineItem,
  PhysicalProperties,
  Policy,
  SelectedShippingOption,
  ServiceProperties,
  TranslatableString,
} from './cart.js';
import type { ChannelType } from './enums-cart.js';

/** A line item that is not in any catalogue; the caller sets its name and price. */
export interface CustomLineItem {
  _id?: string | null;
  quantity?: number;
  /** decimal string, e.g. `"5.00"` */
  price?: string;
  /** decimal string */
  fullPrice?: string | null;
  priceDescription?: TranslatableString;
  productName?: TranslatableString;
  /** page URL (`{relativePath, url}` on the wire) */
  url?: string;
  itemType?: ItemType;
  descriptionLines?: DescriptionLine[];
  /** `wix:image://v1/…` URI or a plain URL */
  media?: string;
  catalogReference?: CatalogReference;
  physicalProperties?: PhysicalProperties;
  serviceProperties?: ServiceProperties;
  rootCatalogItemId?: string | null;
  /** decimal string */
  depositAmount?: string | null;
  deliveryProfileId?: string | null;
  taxGroupId?: string | null;
  policies?: Policy[];
  fixedQuantity?: boolean;
  priceUndetermined?: boolean;
  extendedFields?: ExtendedFields;
}

/** A merchant discount to add when updating the cart. */
export interface MerchantDiscountInput {
  /** decimal string, e.g. `"1.00"` */
  amount?: string;
  /** the line items it applies to (all when absent) */
  lineItemIds?: string[];
}

/** Input of `updateCurrentCart` (spec §3 "Cart update input"). */
export interface UpdateCurrentCartOptions {
  /** cart fields to change (buyer note, contact info, business location…) */
  cartInfo?: Cart;
  couponCode?: string | null;
  merchantDiscounts?: MerchantDiscountInput[];
  /** catalogue line items to add */
  lineItems?: LineItem[];
  /** custom line items to add */
  customLineItems?: CustomLineItem[];
}

/** Input of `addToCurrentCart`. */
export interface AddToCurrentCartOptions {
  lineItems?: LineItem[];
  customLineItems?: CustomLineItem[];
}

/** A new quantity for one line item (`updateCurrentCartLineItemQuantity`). */
export interface LineItemQuantityUpdate {
  _id?: string;
  /** `0` removes the line */
  quantity?: number;
}

/** Input of `createCheckoutFromCurrentCart` (spec §3 "Checkout creation input"). */
export interface CreateCheckoutOptions {
  channelType?: ChannelType;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedShippingOption?: SelectedShippingOption;
  email?: string | null;
}

/** Answer of `createCheckoutFromCurrentCart`. */
export interface CreateCheckoutResponse {
  checkoutId?: string;
}

/** Answer of the cart calls that return the whole response. */
export interface CartResponse {
  cart?: Cart;
}
