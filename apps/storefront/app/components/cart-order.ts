/**
 * The order the hosted checkout just placed, read back for the thank-you page through the orders API
 * (`@vitrine/sdk/ecom` `orders`): a visitor reads the orders placed with its visitor id, a member its
 * own. The provider's client carries no `orders` module, so a small client is made for it, signing its
 * calls with the shopper's own tokens (the provider client's auth).
 */
import { queryOptions } from '@tanstack/react-query';
import { type VitrineClient, vitrineKeys } from '@vitrine/react';
import { createClient, type Order } from '@vitrine/sdk';
import { orders } from '@vitrine/sdk/ecom';

/** The orders API with the shopper's tokens (never a second token pair: the auth headers are the client's). */
export function ordersClient(client: VitrineClient, apiUrl: string) {
  return createClient({ host: apiUrl, modules: { orders }, auth: { getAuthHeaders: () => client.auth.getAuthHeaders() } });
}

/** The key of one of the shopper's orders (under the bindings' root, next to the cart). */
export const orderKey = (orderId: string) => [...vitrineKeys.all, 'orders', orderId] as const;

/** One of the shopper's orders; `null` when the server will not show it to this shopper. */
export const orderQueryOptions = (client: VitrineClient, apiUrl: string, orderId: string) =>
  queryOptions({
    queryKey: orderKey(orderId),
    queryFn: async (): Promise<Order | null> => {
      try {
        return await ordersClient(client, apiUrl).orders.getOrder(orderId);
      } catch (e) {
        if ((e as { status?: number }).status === 404 || (e as { status?: number }).status === 403) return null;
        throw e;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
