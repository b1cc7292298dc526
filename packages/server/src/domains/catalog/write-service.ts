/**
 * The merchant's catalogue writes (spec §7 "Catalogue write"): products, variants, options, brand and
 * ribbon here; collections, media and bulk changes in their own files, reached through this service.
 * Every call is one transaction holding the change, the derived columns and the events.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import { recordStockChanges } from './inventory-history.js';
import type { StockAdjustmentInput } from './inventory-schemas.js';
import { checkDiscount, checkMoney, checkWeight, productChange } from './product-input.js';
import { decimalText, type StoredOption, sameCombinations, slugify, uniqueSlug } from './product-rules.js';
import { syncProduct, wireProduct } from './product-sync.js';
import type { VariantRow, WireProduct } from './product-view.js';
import { refreshSearchDocuments } from './search-document-store.js';
import { bulkAdjust, bulkSet } from './write-bulk.js';
import * as collections from './write-collections.js';
import { type CatalogWriteDeps, inTransaction, lockProductOrFail, mutateProduct } from './write-context.js';
import { CatalogWriteErrors } from './write-errors.js';
import * as media from './write-media.js';
import type {
  Adjustment,
  BulkResponse,
  ChoiceMediaInput,
  CollectionInput,
  MediaForWrite,
  ProductInput,
  VariantOverrideInput,
} from './write-schemas.js';
import * as stock from './write-stock.js';
import * as store from './write-store.js';

export type WireVariant = WireProduct['variants'][number];

/** Catalogue writes of the merchant API. Callers pass who acts (`identityOf(caller)`) for the events. */
export class CatalogWriteService {
  constructor(private readonly deps: CatalogWriteDeps) {}

  /**
   * Creates a product with its variants (one per choice combination) and derived columns.
   * @throws ValidationFailure for money, discount, weight and option rules; DomainError SLUG_TAKEN
   */
  async createProduct(input: ProductInput & { name: string }, who: EventIdentity): Promise<WireProduct> {
    const change = productChange(input, this.deps.currency);
    checkDiscount(
      { price: '0', discount_type: 'NONE', discount_value: '0', currency: this.deps.currency, ...pick(change.patch) },
      'product',
      change.violations,
    );
    if (change.violations.length) throw new ValidationFailure(change.violations);
    return inTransaction(this.deps.db, async (trx) => {
      const slug = await this.productSlug(trx, input.slug, input.name);
      const inserted = await store.insertProduct(trx, {
        ...change.patch,
        name: input.name,
        slug,
        currency: this.deps.currency,
        product_options: JSON.stringify(change.options ?? []),
      });
      const { row } = await syncProduct(trx, inserted, { optionsChanged: true, stockChanged: true });
      await refreshSearchDocuments(trx, [row.id]);
      await recordStockChanges(trx, new Map([[row.id, new Map()]]), who, { reason: 'INITIAL' });
      const wire = await wireProduct(trx, row, this.deps.view);
      await this.deps.events.publish(trx, { type: 'product.created', entityId: row.id, entity: wire, identity: who });
      return wire;
    });
  }

  /**
   * Changes the given fields of a product; new options regenerate the variants, keeping the data of
   * combinations that remain. Stock reaches every variant unless they are managed one by one
   * (`updateVariants`): then the product's quantity stays the sum of theirs, and only variants without
   * a quantity yet (tracking just turned on) take the one given.
   * @throws DomainError PRODUCT_NOT_FOUND, SLUG_TAKEN; ValidationFailure as for create
   */
  updateProduct(id: string, input: ProductInput, who: EventIdentity): Promise<WireProduct> {
    return inTransaction(this.deps.db, (trx) =>
      mutateProduct(this.deps, trx, id, who, async (row) => {
        const change = productChange(input, this.deps.currency, row.product_options as StoredOption[]);
        if (input.priceData?.price !== undefined || input.price?.price !== undefined || input.discount) {
          checkDiscount({ ...row, ...pick(change.patch) }, 'product', change.violations);
        }
        if (change.violations.length) throw new ValidationFailure(change.violations);
        if (input.slug !== undefined && input.slug !== row.slug) {
          if (await store.productSlugTaken(trx, input.slug, id)) throw new DomainError(CatalogWriteErrors.SLUG_TAKEN, { slug: input.slug });
          change.patch.slug = input.slug;
        }
        const optionsChanged = change.options !== undefined && !sameCombinations(row.product_options as StoredOption[], change.options);
        if (change.options) change.patch.product_options = JSON.stringify(change.options);
        return { patch: change.patch, optionsChanged, stockChanged: change.stockChanged };
      }),
    );
  }

  /** Deletes a product (its variants and collection links go with it). @throws DomainError PRODUCT_NOT_FOUND */
  async deleteProduct(id: string, who: EventIdentity): Promise<void> {
    await inTransaction(this.deps.db, async (trx) => {
      await lockProductOrFail(trx, id);
      await store.deleteProduct(trx, id);
      await this.deps.events.publish(trx, { type: 'product.deleted', entityId: id, identity: who });
    });
  }

  /**
   * Overrides price, cost, weight, SKU, visibility or stock of the variants chosen by choices (all
   * variants having them) or by ids; `null` puts a field back to the product's. Stock is the
   * reference's inventory per variant: `quantity` when the product tracks quantities (the variant is in
   * stock while it is above zero), else `inStock`; either makes the variants managed one by one, and the
   * product's quantity (tracked) is then the sum of its variants'. Answers every variant.
   * @throws DomainError PRODUCT_NOT_FOUND, VARIANT_NOT_FOUND; ValidationFailure for money rules, unmatched
   *   choices, and stock fields that do not fit how the product counts its stock
   */
  async updateVariants(id: string, overrides: VariantOverrideInput[], who: EventIdentity): Promise<WireVariant[]> {
    const violations: FieldViolation[] = [];
    overrides.forEach((override, i) => {
      checkMoney(override.price, this.deps.currency, `variants[${i}].price`, violations);
      checkMoney(override.cost, this.deps.currency, `variants[${i}].cost`, violations);
      checkWeight(override.weight, `variants[${i}].weight`, violations);
    });
    if (violations.length) throw new ValidationFailure(violations);
    const wire = await inTransaction(this.deps.db, (trx) =>
      mutateProduct(this.deps, trx, id, who, async (row) => {
        checkStock(overrides, row.track_inventory);
        const variants = await store.listVariants(trx, id);
        for (const [i, override] of overrides.entries()) {
          for (const target of this.targets(variants, override, i)) await store.updateVariant(trx, target.id, variantValues(override));
        }
        return { patch: { manage_variants: true }, variantsTouched: true, events: ['product.variants_changed'] };
      }),
    );
    return wire.variants;
  }

  /** Puts every variant back to the product's price, cost, weight and SKU, visible. @throws DomainError PRODUCT_NOT_FOUND */
  async resetVariants(id: string, who: EventIdentity): Promise<void> {
    await inTransaction(this.deps.db, (trx) =>
      mutateProduct(this.deps, trx, id, who, async () => {
        await store.updateAllVariants(trx, id, { price: null, cost: null, weight: null, sku: null, visible: true });
        return { patch: {}, variantsTouched: true, events: ['product.variants_changed'] };
      }),
    );
  }

  /** Removes every option: the product is left with its one default variant. @throws DomainError PRODUCT_NOT_FOUND */
  async deleteOptions(id: string, who: EventIdentity): Promise<void> {
    await inTransaction(this.deps.db, (trx) =>
      mutateProduct(this.deps, trx, id, who, () => ({ patch: { product_options: '[]' }, optionsChanged: true })),
    );
  }

  /** Clears the brand. @throws DomainError PRODUCT_NOT_FOUND */
  async removeBrand(id: string, who: EventIdentity): Promise<void> {
    await inTransaction(this.deps.db, (trx) => mutateProduct(this.deps, trx, id, who, () => ({ patch: { brand: null } })));
  }

  /** Clears the ribbon. @throws DomainError PRODUCT_NOT_FOUND */
  async removeRibbon(id: string, who: EventIdentity): Promise<void> {
    await inTransaction(this.deps.db, (trx) => mutateProduct(this.deps, trx, id, who, () => ({ patch: { ribbon: null } })));
  }

  /** Sets the quantity in stock with a reason, recorded in the inventory history. @see stock.adjustStock */
  adjustStock(id: string, input: StockAdjustmentInput, who: EventIdentity): Promise<WireProduct> {
    return inTransaction(this.deps.db, (trx) => stock.adjustStock(this.deps, trx, id, input, who));
  }

  // ---- product media (write-media.ts)

  /** Adds media by URL or uploaded file id, optionally to a choice. @see media.addProductMedia */
  addMedia(id: string, items: MediaForWrite[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => media.addProductMedia(this.deps, trx, id, items, who));
  }

  /** Removes media items (and their choice assignments). @see media.removeProductMedia */
  removeMedia(id: string, mediaIds: string[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => media.removeProductMedia(this.deps, trx, id, mediaIds, who));
  }

  /** Sets or removes a picture's alt text. @see media.setMediaAltText */
  setMediaAltText(id: string, mediaId: string, altText: string, who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => media.setMediaAltText(this.deps, trx, id, mediaId, altText, who));
  }

  /** Sets the order of the product's media (the first is the main one). @see media.reorderProductMedia */
  reorderMedia(id: string, mediaIds: string[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => media.reorderProductMedia(this.deps, trx, id, mediaIds, who));
  }

  /** Assigns product media to choices. @see media.assignChoiceMedia */
  addChoiceMedia(id: string, assignments: ChoiceMediaInput[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => media.assignChoiceMedia(this.deps, trx, id, assignments, who, 'add'));
  }

  /** Unassigns product media from choices. @see media.assignChoiceMedia */
  removeChoiceMedia(id: string, assignments: ChoiceMediaInput[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => media.assignChoiceMedia(this.deps, trx, id, assignments, who, 'remove'));
  }

  // ---- collections (write-collections.ts)

  /** Creates a collection. @throws DomainError SLUG_TAKEN */
  createCollection(input: CollectionInput & { name: string }, who: EventIdentity) {
    return inTransaction(this.deps.db, (trx) => collections.createCollection(this.deps, trx, input, who));
  }

  /** Changes the given fields of a collection. @throws DomainError COLLECTION_NOT_FOUND, SLUG_TAKEN */
  updateCollection(id: string, input: CollectionInput, who: EventIdentity) {
    return inTransaction(this.deps.db, (trx) => collections.updateCollection(this.deps, trx, id, input, who));
  }

  /** Deletes a collection; its products stay. @throws DomainError COLLECTION_NOT_FOUND */
  deleteCollection(id: string, who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => collections.deleteCollection(this.deps, trx, id, who));
  }

  /** Links products to a collection (all or none). @throws DomainError COLLECTION_NOT_FOUND, PRODUCT_NOT_FOUND */
  addProductsToCollection(id: string, productIds: string[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => collections.linkProducts(this.deps, trx, id, productIds, who, 'add'));
  }

  /** Unlinks products from a collection. @throws DomainError COLLECTION_NOT_FOUND */
  removeProductsFromCollection(id: string, productIds: string[], who: EventIdentity): Promise<void> {
    return inTransaction(this.deps.db, (trx) => collections.linkProducts(this.deps, trx, id, productIds, who, 'remove'));
  }

  // ---- bulk (write-bulk.ts)

  /** Sets price, cost or weight of many products; per-item results. */
  bulkUpdate(ids: string[], set: { price?: number; cost?: number; weight?: number }, who: EventIdentity): Promise<BulkResponse> {
    return inTransaction(this.deps.db, (trx) => bulkSet(this.deps, trx, ids, set, who));
  }

  /** Adjusts price, cost or weight of many products by an amount or a percentage; per-item results. */
  bulkAdjust(
    ids: string[],
    adjust: { price?: Adjustment; cost?: Adjustment; weight?: Adjustment },
    who: EventIdentity,
  ): Promise<BulkResponse> {
    return inTransaction(this.deps.db, (trx) => bulkAdjust(this.deps, trx, ids, adjust, who));
  }

  /** The slug a new product gets: the one given (refused when taken), else one from its name with a free suffix. */
  private async productSlug(trx: Transaction<Database>, given: string | undefined, name: string): Promise<string> {
    if (given) {
      if (await store.productSlugTaken(trx, given)) throw new DomainError(CatalogWriteErrors.SLUG_TAKEN, { slug: given });
      return given;
    }
    const base = slugify(name, 'product');
    return uniqueSlug(base, new Set(await store.findProductSlugs(trx, base)));
  }

  /** The variants an override chooses. @throws DomainError VARIANT_NOT_FOUND; ValidationFailure when choices match none */
  private targets(variants: VariantRow[], override: VariantOverrideInput, i: number): VariantRow[] {
    if (override.variantIds) {
      return override.variantIds.map((vid) => {
        const found = variants.find((variant) => variant.id === vid);
        if (!found) throw new DomainError(CatalogWriteErrors.VARIANT_NOT_FOUND, { variantId: vid });
        return found;
      });
    }
    const wanted = Object.entries(override.choices ?? {});
    const matching = variants.filter((variant) => wanted.every(([option, val]) => variant.choices[option] === val));
    if (matching.length === 0) {
      throw new ValidationFailure([
        { field: `variants[${i}].choices`, description: 'match no variant of the product', violatedRule: 'VALIDATION' },
      ]);
    }
    return matching;
  }
}

/** The product fields the discount rule reads, from a patch. */
function pick(pricing: { price?: string | number; discount_type?: string; discount_value?: string | number }) {
  const out: { price?: string; discount_type?: string; discount_value?: string } = {};
  if (pricing.price !== undefined) out.price = String(pricing.price);
  if (pricing.discount_type !== undefined) out.discount_type = pricing.discount_type;
  if (pricing.discount_value !== undefined) out.discount_value = String(pricing.discount_value);
  return out;
}

/**
 * Stock fields must fit the product: a product that tracks quantities takes `quantity` (its variants'
 * in-stock flags follow from it), one that does not takes `inStock`. @throws ValidationFailure
 */
function checkStock(overrides: VariantOverrideInput[], tracked: boolean): void {
  const violations: FieldViolation[] = [];
  overrides.forEach((override, i) => {
    if (tracked && override.inStock !== undefined) {
      violations.push({
        field: `variants[${i}].inStock`,
        description: 'the product tracks quantities (stock.trackInventory): set quantity instead',
        violatedRule: 'VALIDATION',
      });
    }
    if (!tracked && override.quantity !== undefined) {
      violations.push({
        field: `variants[${i}].quantity`,
        description: 'the product does not track quantities: set stock.trackInventory on the product first, or use inStock',
        violatedRule: 'VALIDATION',
      });
    }
  });
  if (violations.length) throw new ValidationFailure(violations);
}

/** The variant columns an override sets (`null` → back to the product's; visible `null` → visible). */
function variantValues(override: VariantOverrideInput) {
  const dec = (value: number | null | undefined) => (value === undefined ? undefined : value === null ? null : decimalText(value));
  const values: Record<string, unknown> = {};
  if (override.price !== undefined) values.price = dec(override.price);
  if (override.cost !== undefined) values.cost = dec(override.cost);
  if (override.weight !== undefined) values.weight = dec(override.weight);
  if (override.sku !== undefined) values.sku = override.sku === null || override.sku === '' ? null : override.sku;
  if (override.visible !== undefined) values.visible = override.visible ?? true;
  if (override.quantity !== undefined) values.quantity = override.quantity;
  if (override.inStock !== undefined) values.in_stock = override.inStock;
  return values;
}
