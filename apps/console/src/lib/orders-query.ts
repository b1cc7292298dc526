/**
 * The merchant's order list and order, read with merchant rights through the SDK's `orders` module,
 * and the actions on an order (paid, a fulfilment, a refund, canceled), which put the answered order in the cache.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { FulfillOrderOptions, Order, RefundOrderOptions, SearchOrdersOptions } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';
import { saveFile } from './save-file.js';

const ORDERS = ['console', 'orders'] as const;
const orderKey = (id: string) => [...ORDERS, 'detail', id] as const;
/** The order's timeline (`order-timeline-query.ts`); every action on the order adds to it. */
export const orderActivitiesKey = (id: string) => [...ORDERS, 'activities', id] as const;

/** One page of orders for these options (filters, sort, paging). */
export function useOrderSearch(options: SearchOrdersOptions) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...ORDERS, 'list', options],
    queryFn: () => merchantApi(client).orders.searchOrders(options),
    placeholderData: keepPreviousData,
  });
}

/** Downloads every order of these options (filters, sort; paging aside) as a CSV file. */
export function useOrderExport() {
  const { client } = useVitrine();
  return useMutation({
    mutationFn: async ({ filter, sort }: SearchOrdersOptions) => {
      const file = await merchantApi(client).orders.exportOrders({ filter, sort });
      saveFile(file, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}

/** One order. */
export function useOrder(orderId: string) {
  const { client } = useVitrine();
  return useQuery({ queryKey: orderKey(orderId), queryFn: () => merchantApi(client).orders.getOrder(orderId) });
}

export type OrderAction =
  | { kind: 'mark-paid' }
  | ({ kind: 'fulfil' } & FulfillOrderOptions)
  | ({ kind: 'refund' } & RefundOrderOptions)
  | { kind: 'cancel'; reason?: string };

/** Runs an action on the order; the order it answers replaces the cached one, and the lists refetch. */
export function useOrderAction(orderId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction): Promise<Order> => {
      const orders = merchantApi(client).orders;
      if (action.kind === 'mark-paid') return orders.markOrderAsPaid(orderId);
      if (action.kind === 'fulfil') {
        const { kind: _, ...options } = action;
        return orders.fulfillOrder(orderId, {
          ...options,
          trackingNumber: options.trackingNumber || undefined,
          trackingUrl: options.trackingUrl || undefined,
        });
      }
      if (action.kind === 'refund') {
        const { kind: _, ...options } = action;
        return orders.refundOrder(orderId, options);
      }
      return orders.cancelOrder(orderId, action.reason ? { reason: action.reason } : {});
    },
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKey(orderId), order);
      await queryClient.invalidateQueries({ queryKey: [...ORDERS, 'list'] });
      await queryClient.invalidateQueries({ queryKey: orderActivitiesKey(orderId) });
    },
  });
}
