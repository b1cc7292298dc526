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
const LINE = { u: 'url', i: 'image catalogOverrideFields.image', d: SCHEDULE, f: `${WEIGHT} catalogOverrideFields.${WEIGHT}` };
/** A custom line item of the add-to-cart input (D21). */
const CUSTOM_LINE = { u: 'url', i: 'media', d: SCHEDULE, f: WEIGHT };
/** The cart entity, as read and as written in 'cartInfo'. */
const CART = /* @__PURE__ */ join(
  { d: 'createdDate updatedDate' },
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
  getCurrentCart: /* @__PURE__ */ call<() => Promise<Cart>>({ r: 'GET /ecom/v1/carts/current', s: CART_S, o: 'cart' }),

  /** Changes cart info, coupon, merchant discounts and line items; resolves to the cart. */
  updateCurrentCart: /* @__PURE__ */ call<(options?: UpdateCurrentCartOptions) => Promise<Cart>>({
    r: 'PATCH /ecom/v1/carts/current',
    a: ['options{cartInfo,couponCode,merchantDiscounts,lineItems}'],
    q: /* @__PURE__ */ join(/* @__PURE__ */ under('cartInfo', CART), /* @__PURE__ */ under('lineItems', LINE)),
    s: CART_S,
    o: 'cart',
  }),

  /** Deletes the caller's cart (an empty answer is fine, D04). */
  deleteCurrentCart: /* @__PURE__ */ call<() => Promise<void>>({ r: 'DELETE /ecom/v1/carts/current', o: '-' }),

  /** Adds catalogue and custom line items; resolves to '{cart}'. */
  addToCurrentCart: /* @__PURE__ */ call<(options?: AddToCurrentCartOptions) => Promise<CartResponse>>({
    r: 'POST /ecom/v1/carts/current/add-to-cart',
    a: ['options{lineItems,customLineItems}'],
    q: /* @__PURE__ */ join(/* @__PURE__ */ under('lineItems', LINE), /* @__PURE__ */ under('customLineItems', CUSTOM_LINE)),
    s: CART_S,
  }),

  /** Removes line items by id; resolves to '{cart}'. */
  removeLineItemsFromCurrentCart: /* @__PURE__ */ call<(lineItemIds: string[]) => Promise<CartResponse>>({
    r: 'POST /ecom/v1/carts/current/remove-line-items',
    a: ['lineItemIds'],
    s: CART_S,
  }),

  /** Starts a checkout from the cart; resolves to '{checkoutId}'. */
  createCheckoutFromCurrentCart: /* @__PURE__ */ call<(options?: CreateCheckoutOptions) => Promise<CreateCheckoutResponse>>({
    r: 'POST /ecom/v1/carts/current/create-checkout',
    a: ['options{channelType,shippingAddress,billingAddress,selectedShippingOption,email}'],
    q: CHECKOUT_ADDRESSES,
  }),

  /** Removes the applied coupon; resolves to '{cart}'. */
  removeCouponFromCurrentCart: /* @__PURE__ */ call<() => Promise<CartResponse>>({
    r: 'POST /ecom/v1/carts/current/remove-coupon',
    s: CART_S,
  }),

  /** Sets line item quantities ('{_id, quantity}'); resolves to '{cart}'. */
  updateCurrentCartLineItemQuantity: /* @__PURE__ */ call<(lineItems: LineItemQuantityUpdate[]) => Promise<CartResponse>>({
    r: 'POST /ecom/v1/carts/current/update-line-items-quantity',
    a: ['lineItems'],
    s: CART_S,
  }),

  /** Totals, shipping and memberships for an address and shipping option (spec section 3 "Totals estimate"). */
  estimateCurrentCartTotals: /* @__PURE__ */ call<(options?: EstimateTotalsOptions) => Promise<EstimateTotalsResponse>>({
    r: 'POST /ecom/v1/carts/current/estimate-totals',
    a: ['options{selectedShippingOption,shippingAddress,billingAddress,selectedMemberships}'],
    q: CHECKOUT_ADDRESSES,
    s: /* @__PURE__ */ join(CART_S, /* @__PURE__ */ address(/* @__PURE__ */ pre(SHIPPING, 'logistics.pickupDetails.address')), {
      d: `${/* @__PURE__ */ pre(SHIPPING, 'logistics.deliveryTimeSlot.from logistics.deliveryTimeSlot.to')} ${
        /* @__PURE__ */ pre(
          'membershipOptions',
          'eligibleMemberships.expirationDate invalidMemberships.membership.expirationDate validatedExistingMemberships.memberships.membership.expirationDate',
        )
      }`,
      f: 'appliedDiscounts.merchantDiscount.percentage',
    }),
  }),
};
