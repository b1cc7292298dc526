/**
 * The one query key factory: every query and mutation key of the bindings comes from here, so an app
 * can invalidate exactly what it changed (`queryClient.invalidateQueries({ queryKey: vitrineKeys.cart() })`).
 * Keys nest: invalidating a prefix invalidates everything under it.
 */
import type { EstimateTotalsOptions, OptionSelection } from '@vitrine/sdk';
import type { ProductsQuery } from './catalog/products-query.js';

const all = ['vitrine'] as const;

export const vitrineKeys = {
  all,
  /** every catalogue read of products (lists, details, variants) */
  products: () => [...all, 'products'] as const,
  productList: (query: ProductsQuery) => [...all, 'products', 'list', query] as const,
  product: (slugOrId: string) => [...all, 'products', 'detail', slugOrId] as const,
  variant: (productId: string, choices: OptionSelection) => [...all, 'products', 'variant', productId, choices] as const,
  /** every collection read */
  collections: () => [...all, 'collections'] as const,
  collectionList: () => [...all, 'collections', 'list'] as const,
  collection: (slug: string) => [...all, 'collections', 'detail', slug] as const,
  /** everything that depends on the shopper's cart: the cart itself and its estimates */
  cart: () => [...all, 'cart'] as const,
  currentCart: () => [...all, 'cart', 'current'] as const,
  /** every totals estimate (they follow the cart) */
  estimates: () => [...all, 'cart', 'estimate'] as const,
  estimate: (input: EstimateTotalsOptions) => [...all, 'cart', 'estimate', input] as const,
  /** every cart write: `useIsMutating({ mutationKey: vitrineKeys.cartWrites() })` says a cart write is in flight */
  cartWrites: () => [...all, 'cart-write'] as const,
  cartWrite: (name: 'add' | 'quantity' | 'remove' | 'coupon' | 'checkout') => [...all, 'cart-write', name] as const,
};
