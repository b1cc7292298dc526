import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useVitrine } from '../context.js';
import { type ProductsPage, type ProductsQuery, productsQueryOptions } from './products-query.js';

/**
 * One page of products matching `query` (filter, sort, paging). The previous page stays on screen
 * while the next loads (no flash of an empty grid when paging or filtering).
 * @example const { data } = useProducts({ filter: { name: { $contains: 'mug' } }, sort: [{ fieldName: 'price', order: 'ASC' }], limit: 12 });
 * @see spec §7 "Catalogue read"
 */
export function useProducts(query: ProductsQuery = {}): UseQueryResult<ProductsPage> {
  const { client } = useVitrine();
  return useQuery({ ...productsQueryOptions(client, query), placeholderData: keepPreviousData });
}
