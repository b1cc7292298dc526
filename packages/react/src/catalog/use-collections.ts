import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Collection } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';

/** Collections are few (a shop's navigation): one page of 100 holds them all. */
const LIMIT = 100;

/** Every visible collection, in the shop's order. */
const collectionsQueryOptions = (client: VitrineClient) =>
  queryOptions({
    queryKey: vitrineKeys.collectionList(),
    queryFn: async (): Promise<Collection[]> =>
      (await client.collections.queryCollections({ paging: { offset: 0, limit: LIMIT } })).collections ?? [],
  });

/**
 * The shop's collections.
 * @example const { data: collections = [] } = useCollections();
 */
export function useCollections(): UseQueryResult<Collection[]> {
  const { client } = useVitrine();
  return useQuery(collectionsQueryOptions(client));
}
