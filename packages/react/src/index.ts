/** @vitrine/react: `<VitrineProvider>` and TanStack Query hooks for the catalogue, cart, checkout and auth. */

export type { AuthStatus } from './auth/auth-store.js';
export type { AuthFlowState } from './auth/flow-state.js';
export { localStorageTokenStorage, type SubscribableTokenStorage } from './auth/local-storage-tokens.js';
export type { RedirectLoginOptions } from './auth/redirect-login.js';
export { type UseAuthResult, useAuth } from './auth/use-auth.js';
export type { LoginFlow } from './auth/use-login-flow.js';
export { useRedirectLoginCallback } from './auth/use-redirect-login-callback.js';
export { cartQueryOptions } from './cart/cart-query.js';
export { useAddToCart } from './cart/use-add-to-cart.js';
export { type UseCartResult, useCart } from './cart/use-cart.js';
export { useCartUpdating } from './cart/use-cart-updating.js';
export { type UseCouponResult, useCoupon } from './cart/use-coupon.js';
export { estimateQueryOptions, useEstimateTotals } from './cart/use-estimate-totals.js';
export { useRemoveLineItem } from './cart/use-remove-line-item.js';
export { type QuantityChange, useUpdateQuantity } from './cart/use-update-quantity.js';
export type { ProductsPage, ProductsQuery } from './catalog/products-query.js';
export { useCollection } from './catalog/use-collection.js';
export { useCollections } from './catalog/use-collections.js';
export { useProduct } from './catalog/use-product.js';
export { useProducts } from './catalog/use-products.js';
export {
  type ChoiceState,
  type OptionState,
  toVariantSelection,
  useVariant,
  type VariantSelection,
} from './catalog/use-variant.js';
export { type CheckoutOptions, type StartedCheckout, useCheckout } from './checkout/use-checkout.js';
export type { VitrineClient, VitrineModules } from './client.js';
export { useVitrine, type VitrineContextValue } from './context.js';
export { vitrineKeys } from './keys.js';
export { VitrineProvider, type VitrineProviderProps } from './provider.js';
