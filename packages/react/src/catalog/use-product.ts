import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Product } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';
import { orNull } from '../not-found.js';

/**
 * One product by slug or id: the slug first (storefront URLs carry slugs), then the id. `null` when
 * neither finds a visible product.
 */
const productQueryOptions = (client: VitrineClient, slugOrId: string) =>
  queryOptions({
    queryKey: vitrineKeys.product(slugOrId),
    queryFn: async (): Promise<Product | null> => {
      const bySlug = await client.products.queryProducts({ filter: { slug: { $eq: slugOrId } }, paging: { offset: 0, limit: 1 } }, {});
      const found = bySlug.products?.[0];
      if (found) return found;
      return (await orNull(client.products.getProduct(slugOrId)))?.product ?? null;
    },
  });

/**
 * The product with this slug or id (`null`: there is none). Disabled while `slugOrId` is empty.
 * @example const { data: product } = useProduct(params.slug);
 */
export function useProduct(slugOrId: string | undefined): UseQueryResult<Product | null> {
  const { client } = useVitrine();
  return useQuery({ ...productQueryOptions(client, slugOrId ?? ''), enabled: !!slugOrId });
}
