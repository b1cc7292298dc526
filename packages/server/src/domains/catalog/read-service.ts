/**
 * The catalogue reads (issue #4 "Read API", spec §7 "Catalogue read"): products, collections and
 * variants for shoppers and merchants. Shoppers never see hidden products, variants or collections
 * (filtered in SQL; a hidden one is "not found"); merchants see everything, and cost and profit
 * when they ask (`includeMerchantSpecificData`).
 */
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { type CollectionEra, toWireCollection, type WireCollection } from './collection-view.js';
import {
  type DisplayCurrency,
  type ProductRow,
  type SuggestedProduct,
  toSuggestedProduct,
  toWireProduct,
  type ViewOptions,
  type WireProduct,
} from './product-view.js';
import { COLLECTION_QUERY } from './query/collection-query.js';
import { compileFilter, compileSort, isUuid } from './query/compile-sql.js';
import { DEFAULT_LIMIT, type EntityQuerySpec, type ParsedQuery } from './query/filter-types.js';
import { parseQuery, type WireQuery } from './query/parse-query.js';
import { PRODUCT_QUERY } from './query/product-query.js';
import { STORE_VARIANT_QUERY } from './query/store-variant-query.js';
import { CatalogReadErrors } from './read-errors.js';
import type { QueryProductsRequest, QueryProductVariantsRequest } from './read-schemas.js';
import * as store from './read-store.js';
import { optionsAvailability, toStoreVariant, toWireVariants, type WireStoreVariant } from './variant-view.js';

/** Who reads: a merchant (API key) sees hidden entities and may ask for cost data; shoppers do not. */
export interface Viewer {
  merchant: boolean;
}

export interface CatalogReadDeps {
  /** the primary: merchants' reads (they read what they just wrote, on any process) */
  db: Kysely<Database>;
  /** shoppers' reads: the read replica when one is configured (`DatabaseHandle.reads`), else `db` */
  reads?: Kysely<Database>;
  /** the storefront's base URL (`productPageUrl`) */
  publicUrl: string;
  display?: DisplayCurrency;
}

/** Paging metadata of a platform query answer. */
export interface QueryMetadata {
  count: number;
  offset: number;
  total: number;
}

type Predicate = RawBuilder<SqlBool>;

/** A product of a query answer without `includeVariants`: everything but the variants list. */
function withoutVariants(product: WireProduct): WireProduct {
  const { variants: _omitted, ...rest } = product;
  return rest as WireProduct;
}

/** A product as a shopper sees it, from what `listShownProducts` / `selectShownProducts` read. */
const shownToWire = (shown: store.ShownProduct, view: ViewOptions): WireProduct =>
  toWireProduct(shown.row, shown.variants, shown.collectionIds, view);

/** `where`, and for shoppers also `shown` (visibility). */
const all = (where: Predicate, shown: Predicate | undefined): Predicate => (shown ? sql<SqlBool>`(${where} AND ${shown})` : where);

export class CatalogReadService {
  constructor(private readonly deps: CatalogReadDeps) {}

  /** Where a viewer's reads go: shoppers' to the replica's executor, merchants' to the primary. */
  private on(viewer: Viewer): Kysely<Database> {
    return viewer.merchant ? this.deps.db : (this.deps.reads ?? this.deps.db);
  }

  private view(viewer: Viewer, includeMerchantSpecificData?: boolean | null): ViewOptions {
    return {
      merchant: viewer.merchant && includeMerchantSpecificData === true,
      display: this.deps.display,
      publicUrl: this.deps.publicUrl,
    };
  }

  /** Validated query → SQL pieces. @throws ValidationFailure */
  private compile(raw: WireQuery | null | undefined, spec: EntityQuerySpec) {
    const parsed: ParsedQuery = parseQuery(raw, spec);
    return { where: compileFilter(parsed.filter, spec), order: compileSort(parsed.sort, spec), paging: parsed.paging };
  }

  /** Products with their variants (visible ones for shoppers) and collection ids, in two batched queries. */
  private async wireProducts(rows: ProductRow[], viewer: Viewer, view: ViewOptions): Promise<WireProduct[]> {
    const ids = rows.map((row) => row.id);
    const [variants, collections] = await Promise.all([
      store.listVariantsOf(this.on(viewer), ids, { visibleOnly: !viewer.merchant }),
      store.listCollectionIdsOf(this.on(viewer), ids, { visibleOnly: !viewer.merchant }),
    ]);
    return rows.map((row) => toWireProduct(row, variants.get(row.id) ?? [], collections.get(row.id) ?? [], view));
  }

  private async productOrFail(id: string, viewer: Viewer): Promise<ProductRow> {
    const key = id.toLowerCase();
    const row = isUuid(key) ? await store.findProduct(this.on(viewer), key, { visibleOnly: !viewer.merchant }) : undefined;
    if (!row) throw new DomainError(CatalogReadErrors.PRODUCT_NOT_FOUND, { id });
    return row;
  }

  /**
   * One product. @throws DomainError PRODUCT_NOT_FOUND (also for a hidden product and a shopper)
   */
  async getProduct(id: string, viewer: Viewer, options: { includeMerchantSpecificData?: boolean } = {}): Promise<WireProduct> {
    const view = this.view(viewer, options.includeMerchantSpecificData);
    if (!viewer.merchant) {
      // A shopper's product in one statement: every product page a shopper opens first is read so.
      const key = id.toLowerCase();
      const shown = isUuid(key) ? (await store.listShownProducts(this.on(viewer), [key])).get(key) : undefined;
      if (!shown) throw new DomainError(CatalogReadErrors.PRODUCT_NOT_FOUND, { id });
      return shownToWire(shown, view);
    }
    const row = await this.productOrFail(id, viewer);
    return (await this.wireProducts([row], viewer, view))[0] as WireProduct;
  }

  /**
   * Products matching a platform query (`query-platformized`), with the total. As the reference:
   * products carry their `variants` only with `includeVariants: true` (their options' choices say
   * `inStock`/`visible` either way). Hidden products: never for shoppers (`includeHiddenProducts` is
   * ignored for them); merchants see them unless they send `includeHiddenProducts: false` (the SDK's
   * query builder cannot send the flag, and a merchant's tools must find hidden products).
   * @throws ValidationFailure for a filter or sort outside the whitelist (`query.filter.colour`)
   */
  async queryProducts(req: QueryProductsRequest, viewer: Viewer): Promise<{ products: WireProduct[]; metadata: QueryMetadata }> {
    const compiled = this.compile(req.query, PRODUCT_QUERY);
    const hidden = viewer.merchant && req.includeHiddenProducts !== false;
    const where = all(compiled.where, hidden ? undefined : sql<SqlBool>`p.visible`);
    const view = this.view(viewer, req.includeMerchantSpecificData);
    const db = this.on(viewer);
    // A shopper's page with its variants and collection ids in one statement (`selectShownProducts`), beside its count.
    const [wire, total] = await Promise.all([
      viewer.merchant
        ? store.selectProducts(db, where, compiled.order, compiled.paging).then((rows) => this.wireProducts(rows, viewer, view))
        : store
            .selectShownProducts(db, where, compiled.order, compiled.paging)
            .then((shown) => shown.map((product) => shownToWire(product, view))),
      store.countProducts(db, where),
    ]);
    const products = req.includeVariants === true ? wire : wire.map(withoutVariants);
    return { products, metadata: { count: products.length, offset: compiled.paging.offset, total } };
  }

  /** Visible products by id, in the order of `ids`, as `queryProducts` answers them (search's pages). */
  async visibleProducts(ids: readonly string[]): Promise<WireProduct[]> {
    const shopper: Viewer = { merchant: false };
    const view = this.view(shopper);
    const shown = await store.listShownProducts(this.on(shopper), ids);
    return ids.flatMap((id) => {
      const product = shown.get(id);
      return product ? [withoutVariants(shownToWire(product, view))] : [];
    });
  }

  /** Visible products, in their order, as search suggestions show them (no variants: search reads the rows with its ranking). */
  suggestedProducts(rows: readonly ProductRow[]): SuggestedProduct[] {
    const view = this.view({ merchant: false });
    return rows.flatMap((row) => (row.visible ? [toSuggestedProduct(row, view)] : []));
  }

  /** One collection by id or slug. @throws DomainError COLLECTION_NOT_FOUND (also hidden, for shoppers) */
  async getCollection(by: { id: string } | { slug: string }, viewer: Viewer, era: CollectionEra): Promise<WireCollection> {
    const key = 'id' in by ? { id: by.id.toLowerCase() } : by;
    const usable = !('id' in key) || isUuid(key.id);
    const row = usable ? await store.findCollection(this.on(viewer), key, { visibleOnly: !viewer.merchant }) : undefined;
    if (!row) {
      const description = 'slug' in by ? 'No collection has this slug' : undefined;
      throw new DomainError(CatalogReadErrors.COLLECTION_NOT_FOUND, { ...by }, description);
    }
    const counts = await store.countProductsIn(this.on(viewer), [row.id], { visibleOnly: !viewer.merchant });
    return toWireCollection(row, counts.get(row.id) ?? 0, era);
  }

  /** Collections matching a platform query (v2). @throws ValidationFailure */
  async queryCollections(
    query: WireQuery | null | undefined,
    viewer: Viewer,
  ): Promise<{ collections: WireCollection[]; metadata: QueryMetadata }> {
    const compiled = this.compile(query, COLLECTION_QUERY);
    const where = all(compiled.where, viewer.merchant ? undefined : sql<SqlBool>`c.visible`);
    const [rows, total] = await Promise.all([
      store.selectCollections(this.on(viewer), where, compiled.order, compiled.paging),
      store.countCollections(this.on(viewer), where),
    ]);
    const counts = await store.countProductsIn(
      this.on(viewer),
      rows.map((row) => row.id),
      { visibleOnly: !viewer.merchant },
    );
    const collections = rows.map((row) => toWireCollection(row, counts.get(row.id) ?? 0, 'v2'));
    return { collections, metadata: { count: collections.length, offset: compiled.paging.offset, total } };
  }

  /**
   * Choice availability and the selected variant of a product (`productOptionsAvailability`).
   * @throws DomainError PRODUCT_NOT_FOUND
   */
  async productOptionsAvailability(id: string, options: Record<string, string>, viewer: Viewer) {
    const product = await this.productOrFail(id, viewer);
    const variants = await store.listVariantsOf(this.on(viewer), [product.id], { visibleOnly: !viewer.merchant });
    return optionsAvailability(product, variants.get(product.id) ?? [], options, this.view(viewer, false));
  }

  /**
   * A page of one product's variants, selected by choices (contained) and/or ids.
   * @throws DomainError PRODUCT_NOT_FOUND
   */
  async queryProductVariants(id: string, req: QueryProductVariantsRequest, viewer: Viewer) {
    const product = await this.productOrFail(id, viewer);
    const ids = req.variantIds?.length ? req.variantIds.map((variantId) => variantId.toLowerCase()).filter(isUuid) : undefined;
    const selection = { productId: product.id, choices: req.choices ?? undefined, ids, visibleOnly: !viewer.merchant };
    const paging = { limit: req.paging?.limit ?? DEFAULT_LIMIT, offset: req.paging?.offset ?? 0 };
    const [rows, total] = await Promise.all([
      store.selectVariantsOfProduct(this.on(viewer), selection, paging),
      store.countVariantsOfProduct(this.on(viewer), selection),
    ]);
    const variants = toWireVariants(product, rows, this.view(viewer, req.includeMerchantSpecificData));
    return { variants, metadata: { items: variants.length, offset: paging.offset }, totalResults: total };
  }

  /** Store variants matching a platform query. @throws ValidationFailure */
  async queryStoreVariants(
    query: WireQuery | null | undefined,
    viewer: Viewer,
  ): Promise<{ variants: WireStoreVariant[]; metadata: QueryMetadata }> {
    const compiled = this.compile(query, STORE_VARIANT_QUERY);
    const where = this.storeVariantsShown(compiled.where, viewer);
    const [keys, total] = await Promise.all([
      store.selectStoreVariantKeys(this.on(viewer), where, compiled.order, compiled.paging),
      store.countStoreVariants(this.on(viewer), where),
    ]);
    const variants = await this.storeVariants(keys, viewer);
    return { variants, metadata: { count: variants.length, offset: compiled.paging.offset, total } };
  }

  /** One store variant by `<productId>-<variantId>`. @throws DomainError VARIANT_NOT_FOUND (also hidden, for shoppers) */
  async getStoreVariant(id: string, viewer: Viewer): Promise<WireStoreVariant> {
    const byId = compileFilter({ kind: 'cond', field: 'id', op: '$eq', value: id.toLowerCase() }, STORE_VARIANT_QUERY);
    const keys = await store.selectStoreVariantKeys(this.on(viewer), this.storeVariantsShown(byId, viewer), [], { limit: 1, offset: 0 });
    const variant = (await this.storeVariants(keys, viewer))[0];
    if (!variant) throw new DomainError(CatalogReadErrors.VARIANT_NOT_FOUND, { id }, 'No store variant has this id');
    return variant;
  }

  /** `where`, and for shoppers only visible variants of visible products. */
  private storeVariantsShown(where: Predicate, viewer: Viewer): Predicate {
    return viewer.merchant ? where : sql<SqlBool>`(${where} AND p.visible AND v.visible)`;
  }

  /**
   * Store variants for `(variant, product)` keys, in the keys' order; keys that do not exist are left
   * out. Shoppers' `collectionIds` name visible collections only.
   */
  private async storeVariants(keys: { id: string; product_id: string }[], viewer: Viewer): Promise<WireStoreVariant[]> {
    const productIds = [...new Set(keys.map((key) => key.product_id))];
    const [variants, products, collections] = await Promise.all([
      store.listVariantsByIds(
        this.on(viewer),
        keys.map((key) => key.id),
      ),
      store.listProductsByIds(this.on(viewer), productIds),
      store.listCollectionIdsOf(this.on(viewer), productIds, { visibleOnly: !viewer.merchant }),
    ]);
    return keys.flatMap((key) => {
      const variant = variants.get(key.id);
      const product = products.get(key.product_id);
      return variant && product && variant.product_id === product.id
        ? [toStoreVariant(product, variant, collections.get(product.id) ?? [])]
        : [];
    });
  }
}
