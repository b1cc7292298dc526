/**
 * The member's own orders for the account pages (`/me`, `/me/orders/:id`), read through the page
 * client's `orders` module. Keys live under `['vitrine', 'me']`: everything that belongs to the
 * signed-in member, dropped from the cache when they sign out (another member may sign in next).
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, type VitrineClient, vitrineKeys } from '@vitrine/react';
import type { Order } from '@vitrine/sdk';
import { useEffect } from 'react';
import { shopOrders } from './shop-client.js';

const me = [...vitrineKeys.all, 'me'] as const;

/** The account's query keys: `accountKeys.all()` is the member's whole cache. */
export const accountKeys = {
  all: () => me,
  orders: () => [...me, 'orders'] as const,
  orderList: () => [...me, 'orders', 'list'] as const,
  order: (orderId: string) => [...me, 'orders', 'detail', orderId] as const,
  profile: () => [...me, 'profile'] as const,
};

/** The member's orders, newest first (the server's first page: up to 100). */
export const accountOrdersQueryOptions = (client: VitrineClient) =>
  queryOptions({
    queryKey: accountKeys.orderList(),
    queryFn: async () => {
      const { orders = [], metadata } = await shopOrders(client).searchOrders({ paging: { limit: 100 } });
      const newestFirst = [...orders].sort((left, right) => timeOf(right._createdDate) - timeOf(left._createdDate));
      return { orders: newestFirst, total: metadata?.total ?? newestFirst.length };
    },
  });

/**
 * One of the shopper's orders; `null` when the server does not show it to them (unknown, someone
 * else's, or not an order id at all).
 */
export async function findOrder(client: VitrineClient, orderId: string): Promise<Order | null> {
  try {
    return await shopOrders(client).getOrder(orderId);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 403 || status === 400) return null;
    throw error;
  }
}

/** One of the member's orders (see `findOrder`). */
export const accountOrderQueryOptions = (client: VitrineClient, orderId: string) =>
  queryOptions({ queryKey: accountKeys.order(orderId), queryFn: () => findOrder(client, orderId), retry: false });

/** Forgets the member's cached account data once nobody is signed in. */
export function useForgetOnSignOut(isMember: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isMember) queryClient.removeQueries({ queryKey: accountKeys.all() });
  }, [isMember, queryClient]);
}

/** The member's order history; asks nothing while the shopper is a visitor. */
export function useAccountOrders(isMember: boolean) {
  const { client } = useVitrine();
  useForgetOnSignOut(isMember);
  return useQuery({ ...accountOrdersQueryOptions(client), enabled: isMember });
}

/** One order of the member's; asks nothing while the shopper is a visitor. */
export function useAccountOrder(orderId: string, isMember: boolean) {
  const { client } = useVitrine();
  useForgetOnSignOut(isMember);
  return useQuery({ ...accountOrderQueryOptions(client, orderId), enabled: isMember && !!orderId });
}

/** Milliseconds of a date the SDK gave (a `Date`, or a string when a field was not converted). */
export function timeOf(date: Date | string | undefined): number {
  if (!date) return 0;
  const time = new Date(date).getTime();
  return Number.isFinite(time) ? time : 0;
}

/**
 * Where an order stands, in one phrase: canceled, refunded, fulfilled (or partly sent), or its payment
 * state; a pickup order is ready for pickup (or partly) rather than sent.
 */
export function orderStatusLabel(order: Order): string {
  const pickup = Boolean(order.shippingInfo?.pickup);
  if (order.status === 'CANCELED') return 'Canceled';
  if (order.paymentStatus === 'FULLY_REFUNDED') return 'Refunded';
  if (order.fulfillmentStatus === 'FULFILLED') return pickup ? 'Ready for pickup' : 'Fulfilled';
  if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED') return pickup ? 'Partly ready for pickup' : 'Partly sent';
  switch (order.paymentStatus) {
    case 'PARTIALLY_REFUNDED':
      return 'Partly refunded';
    case 'PAID':
      return 'Paid, being prepared';
    case 'PENDING':
      return 'Payment pending';
    case 'NOT_PAID':
      return 'Awaiting payment';
    default:
      return 'Placed';
  }
}
