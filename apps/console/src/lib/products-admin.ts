/**
 * The merchant's product reads and writes through the SDK's `products` and `media` modules. Every
 * write puts what the server answered in the cache and marks the catalogue reads stale (the
 * product list and the storefront hooks' keys), so nothing shows an edit the server did not make.
 */
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, vitrineKeys } from '@vitrine/react';
import type {
  BulkAdjustProperties,
  BulkUpdateProductsResponse,
  BulkUpdateProperties,
  MediaAssignmentToChoice,
  PlatformQuery,
  Product,
  Variant,
  VariantOverride,
} from '@vitrine/sdk';
import { merchantApi } from './console-client.js';

const PRODUCTS = ['console', 'products'] as const;
const productKey = (id: string) => [...PRODUCTS, 'detail', id] as const;
const variantsKey = (id: string) => [...PRODUCTS, 'variants', id] as const;

/** After a write: the product again from the server, and every catalogue list. */
export async function refresh(queryClient: QueryClient, productId?: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...PRODUCTS, 'list'] }),
    queryClient.invalidateQueries({ queryKey: vitrineKeys.products() }),
    queryClient.invalidateQueries({ queryKey: vitrineKeys.collections() }),
    productId ? queryClient.invalidateQueries({ queryKey: productKey(productId) }) : undefined,
    productId ? queryClient.invalidateQueries({ queryKey: variantsKey(productId) }) : undefined,
  ]);
}

/** One page of the catalogue as the merchant sees it: hidden products too, with costs. */
export function useCatalogPage(query: PlatformQuery) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: [...PRODUCTS, 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const answer = await merchantApi(client).products.queryProducts(query, {
        includeHiddenProducts: true,
        includeMerchantSpecificData: true,
      });
      return { products: answer.products ?? [], total: answer.metadata?.total ?? 0 };
    },
  });
}

/** Sets (`set`) or moves (`adjust`) the price, cost or weight of many products in one call; each product succeeds or fails on its own. */
export function useBulkChange() {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { ids: string[]; set: BulkUpdateProperties } | { ids: string[]; adjust: BulkAdjustProperties },
    ): Promise<BulkUpdateProductsResponse> => {
      const products = merchantApi(client).products;
      return 'set' in change
        ? products.bulkUpdateProductsProperty(change.ids, change.set)
        : products.bulkAdjustProductProperty(change.adjust, change.ids);
    },
    onSettled: () => refresh(queryClient),
  });
}

/** One product with the merchant's data (cost, profit, hidden fields). */
export function useMerchantProduct(productId: string | undefined) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: productKey(productId ?? ''),
    enabled: !!productId,
    queryFn: async () => {
      const { product } = await merchantApi(client).products.getProduct(productId as string, { includeMerchantSpecificData: true });
      return product as Product;
    },
  });
}

/** The shop's currency, as its products are priced (a new shop's first product: US dollars until one exists). */
export function useShopCurrency(product?: Product): string {
  const { client } = useVitrine();
  const any = useQuery({
    queryKey: [...PRODUCTS, 'currency'],
    enabled: !product?.priceData?.currency,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await merchantApi(client).products.queryProducts().limit(1).find()).items[0]?.priceData?.currency ?? 'USD',
  });
  return product?.priceData?.currency ?? any.data ?? 'USD';
}

/** Creates the product (no id yet) or updates it; resolves to the product as stored. */
export function useSaveProduct(productId: string | undefined) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: Partial<Product>): Promise<Product> => {
      const products = merchantApi(client).products;
      const { product } = productId ? await products.updateProduct(productId, fields) : await products.createProduct(fields as Product);
      return product as Product;
    },
    onSuccess: async (product) => {
      if (product._id) queryClient.setQueryData(productKey(product._id), product);
      await refresh(queryClient, product._id);
    },
  });
}

export function useDeleteProduct(productId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => merchantApi(client).products.deleteProduct(productId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: productKey(productId) });
      await refresh(queryClient);
    },
  });
}

/** Every variant of the product with the merchant's data, all pages of them. */
export function useProductVariants(productId: string, enabled: boolean) {
  const { client } = useVitrine();
  return useQuery({
    queryKey: variantsKey(productId),
    enabled,
    queryFn: async () => {
      const all: Variant[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await merchantApi(client).products.queryProductVariants(productId, {
          includeMerchantSpecificData: true,
          paging: { limit: 100, offset },
        });
        all.push(...(page.variants ?? []));
        if ((page.variants ?? []).length < 100) return all;
      }
    },
  });
}

/** Writes the changed variants in one call (the server applies them in one transaction). */
export function useUpdateVariants(productId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrides: VariantOverride[]) => merchantApi(client).products.updateProductVariants(productId, overrides),
    onSuccess: () => refresh(queryClient, productId),
  });
}

/** Every variant back to the product's own price, weight, SKU and stock. */
export function useResetVariants(productId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => merchantApi(client).products.resetAllProductVariantData(productId),
    onSuccess: () => refresh(queryClient, productId),
  });
}

export type MediaChange =
  | { kind: 'upload'; files: File[] }
  | { kind: 'url'; url: string }
  | { kind: 'remove'; mediaId: string }
  /** every media id of the product, in the new order (the first becomes the main picture) */
  | { kind: 'reorder'; mediaIds: string[] }
  | { kind: 'show-for-choice'; assignment: MediaAssignmentToChoice }
  | { kind: 'hide-for-choice'; assignment: MediaAssignmentToChoice }
  /** a picture's alt text; empty removes it */
  | { kind: 'alt-text'; mediaId: string; altText: string };

/** The product's pictures and videos: upload (one file after the other, in the order given), link, remove, reorder, describe (alt text), tie to a choice. */
export function useMediaChange(productId: string) {
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: MediaChange) => {
      const api = merchantApi(client);
      if (change.kind === 'upload') {
        for (const file of change.files) {
          const stored = await api.media.uploadMedia(file);
          await api.products.addProductMedia(productId, [{ mediaId: stored.id }]);
        }
      } else if (change.kind === 'url') await api.products.addProductMedia(productId, [{ url: change.url }]);
      else if (change.kind === 'remove') await api.products.removeProductMedia(productId, [change.mediaId]);
      else if (change.kind === 'reorder') await api.products.reorderProductMedia(productId, change.mediaIds);
      else if (change.kind === 'alt-text') await api.products.setProductMediaAltText(productId, change.mediaId, change.altText);
      else if (change.kind === 'show-for-choice') await api.products.addProductMediaToChoices(productId, [change.assignment]);
      else await api.products.removeProductMediaFromChoices(productId, [change.assignment]);
    },
    // an upload that stopped half-way still added the files before it: show them either way
    onSettled: () => refresh(queryClient, productId),
  });
}
