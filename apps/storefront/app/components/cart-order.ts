/**
 * The order the hosted checkout just placed, read back for the thank-you page through the page
 * client's `orders` module: a visitor reads the orders placed with its visitor id, a member its own.
 */
import { queryOptions } from '@tanstack/react-query';
import { type VitrineClient, vitrineKeys } from '@vitrine/react';
import { findOrder } from '../lib/account-orders.js';

/** The key of the order just placed (under the bindings' root, next to the cart). */
export const orderKey = (orderId: string) => [...vitrineKeys.all, 'orders', orderId] as const;

/** The order just placed; `null` when the server will not show it to this shopper. */
export const orderQueryOptions = (client: VitrineClient, orderId: string) =>
  queryOptions({
    queryKey: orderKey(orderId),
    queryFn: () => findOrder(client, orderId),
    retry: false,
    // a placed order's summary does not change while the thank-you page is open
    staleTime: Number.POSITIVE_INFINITY,
  });
