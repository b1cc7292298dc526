import { useAddToCart } from '@vitrine/react';
import type { AddToCurrentCartOptions } from '@vitrine/sdk';
import type { AddToCartRequest } from './add-to-cart-button.js';
import { openCartDrawer } from './cart-drawer-state.js';
import { serverMessage } from './cart-error-message.js';

/** The catalogue's app id: catalogue references name it so the cart resolves products (spec §7 "Cart"). */
export const CATALOG_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

/** The add-to-cart input for what the product page chose: the variant when known, else the choices. */
export function addToCartInput(request: AddToCartRequest): AddToCurrentCartOptions {
  const options = request.variantId
    ? { variantId: request.variantId }
    : Object.keys(request.options).length
      ? { options: request.options }
      : undefined;
  return {
    lineItems: [
      {
        catalogReference: { catalogItemId: request.productId, appId: CATALOG_APP_ID, ...(options && { options }) },
        quantity: request.quantity,
      },
    ],
  };
}

/**
 * What the product page's "Add to cart" calls: adds the line, then opens the cart drawer; rejects
 * with the server's message (the button shows it).
 */
export function useAddToCartAction(): (request: AddToCartRequest) => Promise<void> {
  const add = useAddToCart();
  return async (request) => {
    try {
      await add.mutateAsync(addToCartInput(request));
    } catch (error) {
      throw error instanceof Error ? new Error(serverMessage(error)) : error;
    }
    openCartDrawer();
  };
}
