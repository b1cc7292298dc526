/**
 * 'currentCart' ('@wix/ecom'): the visitor's or member's own cart. Request side as the spec-era
 * reference sends it (plus 'customLineItems' on add-to-cart, deviation D21); response conversions
 * as the latest reference applies them.
 */
import type {
  AddToCurrentCartOptions,
  Cart,
  CartResponse,
  CreateCheckoutOptions,
  CreateCheckoutResponse,
  EstimateTotalsOptions,
  EstimateTotalsResponse,
  LineItemQuantityUpdate,
  UpdateCurrentCartOptions,
} from '../types/index.js';
import { call } from './call.js';
import { address, join, pre, under } from './conversions.js';

/** Dates of a line item's service and subscription (also on custom line items). */
const SCHEDULE = 'serviceProperties.scheduledDate serviceProperties.endDate subscriptionOptionInfo.subscriptionSettings.startDate';
const WEIGHT = 'physicalProperties.weight';

/** A line item (an image object's own dates and focal point vanish with the image URI). */
const LINE = {
  pageUrls: 'url',
  images: 'image catalogOverrideFields.image',
  dates: SCHEDULE,
  floats: `${WEIGHT} catalogOverrideFields.${WEIGHT}`,
};
/** A custom line item of the add-to-cart input (D21). */
const CUSTOM_LINE = { pageUrls: 'url', images: 'media', dates: SCHEDULE, floats: WEIGHT };
/** The cart entity, as read and as written in 'cartInfo'. */
const CART = /* @__PURE__ */ join(
  { dates: 'createdDate updatedDate' },
  /* @__PURE__ */ under('lineItems', LINE),
  /* @__PURE__ */ address('contactInfo.address'),
);
/** Every answer that carries '{cart}'. */
const CART_S = /* @__PURE__ */ under('cart', CART);

/** Where the estimate's shipping options sit. */
const SHIPPING = 'shippingInfo.selectedCarrierServiceOption shippingInfo.carrierServiceOptions.shippingOptions';
const CHECKOUT_ADDRESSES = /* @__PURE__ */ address('shippingAddress billingAddress');

export const currentCart = {
  /** The caller's cart. @see spec section 7 "Cart" */
  getCurrentCart: /* @__PURE__ */ call<() => Promise<Cart>>({ route: 'GET /ecom/v1/carts/current', response: CART_S, returns: 'cart' }),

  /** Changes cart info, coupon, merchant discounts and line items; resolves to the cart. */
  updateCurrentCart: /* @__PURE__ */ call<(options?: UpdateCurrentCartOptions) => Promise<Cart>>({
    route: 'PATCH /ecom/v1/carts/current',
    args: ['options{cartInfo,couponCode,merchantDiscounts,lineItems}'],
    request: /* @__PURE__ */ join(/* @__PURE__ */ under('cartInfo', CART), /* @__PURE__ */ under('lineItems', LINE)),
    response: CART_S,
    returns: 'cart',
  }),

  /** Deletes the caller's cart (an empty answer is fine, D04). */
  deleteCurrentCart: /* @__PURE__ */ call<() => Promise<void>>({ route: 'DELETE /ecom/v1/carts/current', returns: '-' }),

  /** Adds catalogue and custom line items; resolves to '{cart}'. */
  addToCurrentCart: /* @__PURE__ */ call<(options?: AddToCurrentCartOptions) => Promise<CartResponse>>({
    route: 'POST /ecom/v1/carts/current/add-to-cart',
    args: ['options{lineItems,customLineItems}'],
    request: /* @__PURE__ */ join(/* @__PURE__ */ under('lineItems', LINE), /* @__PURE__ */ under('customLineItems', CUSTOM_LINE)),
    response: CART_S,
  }),

  /** Removes line items by id; resolves to '{cart}'. */
  removeLineItemsFromCurrentCart: /* @__PURE__ */ call<(lineItemIds: string[]) => Promise<CartResponse>>({
    route: 'POST /ecom/v1/carts/current/remove-line-items',
    args: ['lineItemIds'],
    response: CART_S,
  }),

  /** Starts a checkout from the cart; resolves to '{checkoutId}'. */
  createCheckoutFromCurrentCart: /* @__PURE__ */ call<(options?: CreateCheckoutOptions) => Promise<CreateCheckoutResponse>>({
    route: 'POST /ecom/v1/carts/current/create-checkout',
    args: ['options{channelType,shippingAddress,billingAddress,selectedShippingOption,email}'],
    request: CHECKOUT_ADDRESSES,
  }),

  /** Removes the applied coupon; resolves to '{cart}'. */
  removeCouponFromCurrentCart: /* @__PURE__ */ call<() => Promise<CartResponse>>({
    route: 'POST /ecom/v1/carts/current/remove-coupon',
    response: CART_S,
  }),

  /** Sets line item quantities ('{_id, quantity}'); resolves to '{cart}'. */
  updateCurrentCartLineItemQuantity: /* @__PURE__ */ call<(lineItems: LineItemQuantityUpdate[]) => Promise<CartResponse>>({
    route: 'POST /ecom/v1/carts/current/update-line-items-quantity',
    args: ['lineItems'],
    response: CART_S,
  }),

  /** Totals, shipping and memberships for an address and shipping option (spec section 3 "Totals estimate"). */
  estimateCurrentCartTotals: /* @__PURE__ */ call<(options?: EstimateTotalsOptions) => Promise<EstimateTotalsResponse>>({
    route: 'POST /ecom/v1/carts/current/estimate-totals',
    args: ['options{selectedShippingOption,shippingAddress,billingAddress,selectedMemberships}'],
    request: CHECKOUT_ADDRESSES,
    response: /* @__PURE__ */ join(CART_S, /* @__PURE__ */ address(/* @__PURE__ */ pre(SHIPPING, 'logistics.pickupDetails.address')), {
      dates: `${/* @__PURE__ */ pre(SHIPPING, 'logistics.deliveryTimeSlot.from logistics.deliveryTimeSlot.to')} ${
        /* @__PURE__ */ pre(
          'membershipOptions',
          'eligibleMemberships.expirationDate invalidMemberships.membership.expirationDate validatedExistingMemberships.memberships.membership.expirationDate',
        )
      }`,
      floats: 'appliedDiscounts.merchantDiscount.percentage',
    }),
  }),
};
