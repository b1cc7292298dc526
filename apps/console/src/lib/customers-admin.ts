/**
 * The merchant's customers through `@vitrine/sdk/admin`'s `customers` module: a page of the list (by
 * name or e-mail), and one customer's page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { SearchCustomersOptions } from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const CUSTOMERS = ['console', 'customers'] as const;

/** The console's path of a customer's page: by a member's id, or by the id of one of a guest's orders. */
export const customerPath = (customerId: string) => `/customers/${encodeURIComponent(customerId)}`;

/** One page of customers for these options. */
export function useCustomerSearch(options: SearchCustomersOptions) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...CUSTOMERS, 'list', options],
    queryFn: () => merchantApi(client).customers.searchCustomers(options),
    placeholderData: keepPreviousData,
  });
}

/** A customer's page (by a customer's `_id`, a member's id, or any of a guest's order ids): their orders, addresses and memberships. */
export function useCustomer(customerId: string) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...CUSTOMERS, 'detail', customerId],
    queryFn: () => merchantApi(client).customers.getCustomer(customerId),
    // an unknown customer is an answer to show, not a failure to retry
    retry: false,
  });
}
