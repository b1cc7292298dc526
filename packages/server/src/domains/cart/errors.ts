import { defineErrors } from '../../platform/errors.js';

/** Error codes of the current cart (spec §8; bodies as the reference's cart service answers them). */
export const CartErrors = defineErrors({
  OWNED_CART_NOT_FOUND: { status: 404, message: 'Not found', description: 'Cart not found' },
  LINE_ITEM_NOT_FOUND: { status: 404, message: 'Not found', description: 'Line item not found in the cart' },
  ITEM_OUT_OF_STOCK: { status: 428, message: 'Item is out of stock', description: 'Item is out of stock' },
  CART_EMPTY: { status: 400, message: 'Cart is empty', description: 'The cart has no line items' },
  ITEMS_UNAVAILABLE: {
    status: 409,
    message: 'Items unavailable',
    description: 'Some line items are not available in the quantity asked for',
  },
});
