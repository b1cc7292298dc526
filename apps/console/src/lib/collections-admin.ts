/**
 * The merchant's collections through the SDK: the list, one collection and its products, and the
 * writes (create, rename, describe, hide, set or remove the picture, delete, add and remove products), each followed by fresh
 * reads of everything it touched (the collection, the catalogue lists, the storefront hooks' keys).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { Collection, Media } from '@vitrine/sdk';
import { mediaWithPicture, pictureItem } from './collection-picture.js';
import { merchantApi } from './console-client.js';
import { refresh } from './products-admin.js';

const COLLECTIONS = ['console', 'collections'] as const;

/** Every collection (a shop has dozens, not thousands: one page of 100, by name). */
export function useCollectionList() {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...COLLECTIONS, 'list'],
    queryFn: async () => (await merchantApi(client).collections.queryCollections().ascending('name').limit(100).find()).items,
  });
}

export function useCollectionDetail(collectionId: string) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...COLLECTIONS, 'detail', collectionId],
    queryFn: () => merchantApi(client).collections.getCollection(collectionId),
  });
}

/** One page of the collection's products (hidden ones too). */
export function useCollectionProducts(collectionId: string, offset: number, limit: number) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...COLLECTIONS, 'products', collectionId, offset],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await merchantApi(client).products.queryProducts(
        { filter: { collectionIds: { $hasSome: [collectionId] } }, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { offset, limit } },
        { includeHiddenProducts: true },
      );
      return { products: answer.products ?? [], total: answer.metadata?.total ?? 0 };
    },
  });
}

export type CollectionChange =
  | { kind: 'create'; fields: Collection }
  | { kind: 'update'; id: string; fields: Partial<Collection> }
  | { kind: 'delete'; id: string }
  | { kind: 'add-products'; id: string; productIds: string[] }
  | { kind: 'remove-products'; id: string; productIds: string[] }
  /** the picture the shop shows: a file to upload, a picture's address, or `null` to remove it (`current`: the media it replaces) */
  | { kind: 'set-picture'; id: string; current: Media | undefined; picture: File | string | null };

/** Runs one change; resolves to the collection it made or changed (nothing for the others). */
export function useCollectionChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CollectionChange): Promise<Collection | undefined> => {
      const api = merchantApi(client);
      const products = api.products;
      if (change.kind === 'set-picture') {
        const image =
          change.picture instanceof File ? await api.media.uploadMedia(change.picture) : change.picture && { url: change.picture };
        const media = mediaWithPicture(change.current, image ? pictureItem(image) : undefined);
        return (await products.updateCollection(change.id, { media })).collection;
      }
      if (change.kind === 'create') return (await products.createCollection(change.fields)).collection;
      if (change.kind === 'update') return (await products.updateCollection(change.id, change.fields)).collection;
      if (change.kind === 'delete') await products.deleteCollection(change.id);
      else if (change.kind === 'add-products') await products.addProductsToCollection(change.id, change.productIds);
      else await products.removeProductsFromCollection(change.id, change.productIds);
      return undefined;
    },
    onSettled: async (_answer, error, change) => {
      // a deleted collection's own reads are not asked again (its page is on its way out)
      const gone = change.kind === 'delete' && !error ? change.id : undefined;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: COLLECTIONS, predicate: (query) => !gone || !query.queryKey.includes(gone) }),
        refresh(queryClient),
      ]);
    },
  });
}
