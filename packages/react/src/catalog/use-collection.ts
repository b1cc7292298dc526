import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Collection } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { orNull } from '../not-found.js';

/** One collection by slug; `null` when there is none (a 404 is an answer, not a failure). */
const collectionQueryOptions = (client: VitrineClient, slug: string) =>
  queryOptions({
    queryKey: vitrineKeys.collection(slug),
    queryFn: async (): Promise<Collection | null> => (await orNull(client.collections.getCollectionBySlug(slug)))?.collection ?? null,
  });

/**
 * The collection with this slug (`null`: there is none). Disabled while `slug` is empty.
 * @example const { data: collection } = useCollection(params.slug);
 */
export function useCollection(slug: string | undefined): UseQueryResult<Collection | null> {
  const { client } = useVitrine();
  return useQuery({ ...collectionQueryOptions(client, slug ?? ''), enabled: !!slug });
}
