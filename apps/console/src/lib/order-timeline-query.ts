/** An order's timeline and the merchant's notes, through the SDK's `orders` module (merchant calls). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import { merchantApi } from './console-client.js';
import { orderActivitiesKey } from './orders-query.js';

/** The order's timeline, newest first. */
export function useOrderActivities(orderId: string) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: orderActivitiesKey(orderId),
    queryFn: async () => (await merchantApi(client).orders.listOrderActivities(orderId)).activities,
  });
}

/** Adds a note, or removes one (`{ remove: noteId }`); the timeline is read again after either. */
export function useOrderNote(orderId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: string } | { remove: string }) => {
      const orders = merchantApi(client).orders;
      return 'add' in change ? orders.addOrderNote(orderId, change.add) : orders.removeOrderNote(orderId, change.remove);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderActivitiesKey(orderId) }),
  });
}
