/** Collection writes: create, update, delete, and linking products (inside the caller's transaction). */
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import { toWireCollection } from './collection-view.js';
import { slugify, uniqueSlug } from './product-rules.js';
import { wireProduct } from './product-sync.js';
import { refreshSearchDocuments, refreshSearchDocumentsOfCollection } from './search-document-store.js';
import { type CatalogWriteDeps, isCatalogId } from './write-context.js';
import { CatalogWriteErrors } from './write-errors.js';
import type { CollectionInput, MediaItemInput } from './write-schemas.js';
import * as store from './write-store.js';

type CollectionRow = Awaited<ReturnType<typeof store.insertCollection>>;

/** A media item as stored: an id (kept or new) and its type (image unless it is a video). */
function storedItem(media: MediaItemInput) {
  const { image, title, mediaType } = media;
  return {
    id: media.id ?? crypto.randomUUID(),
    mediaType: mediaType ?? 'image',
    ...(title ? { title } : {}),
    ...(image
      ? { image: { url: image.url, width: image.width, height: image.height, ...(image.altText ? { altText: image.altText } : {}) } }
      : {}),
  };
}

/** `{mainMedia, items}` as stored: the main media defaults to the first item. */
function storedMedia(media: NonNullable<CollectionInput['media']>) {
  const items = (media.items ?? []).map(storedItem);
  const mainMedia = media.mainMedia ? storedItem(media.mainMedia) : items[0];
  return { ...(mainMedia ? { mainMedia } : {}), items };
}

async function lockCollectionOrFail(trx: Transaction<Database>, id: string): Promise<CollectionRow> {
  const row = isCatalogId(id) ? await store.lockCollection(trx, id) : undefined;
  if (!row) throw new DomainError(CatalogWriteErrors.COLLECTION_NOT_FOUND, { id });
  return row;
}

async function publishCollection(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  type: 'collection.created' | 'collection.changed',
  row: CollectionRow,
  who: EventIdentity,
) {
  const wire = toWireCollection(row, await store.countProductsOfCollection(trx, row.id), 'v2');
  await deps.events.publish(trx, { type, entityId: row.id, entity: wire, identity: who });
  return wire;
}

/** Creates a collection; its slug is the one given (refused when taken) or one from its name with a free suffix. @throws DomainError SLUG_TAKEN */
export async function createCollection(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  input: CollectionInput & { name: string },
  who: EventIdentity,
) {
  let slug = input.slug;
  if (slug) {
    if (await store.collectionSlugTaken(trx, slug)) throw new DomainError(CatalogWriteErrors.SLUG_TAKEN, { slug });
  } else {
    const base = slugify(input.name, 'collection');
    slug = uniqueSlug(base, new Set(await store.findCollectionSlugs(trx, base)));
  }
  const row = await store.insertCollection(trx, {
    name: input.name,
    slug,
    description: input.description ?? '',
    visible: input.visible ?? true,
    media: JSON.stringify(input.media ? storedMedia(input.media) : {}),
  });
  return publishCollection(deps, trx, 'collection.created', row, who);
}

/** Changes the given fields of a collection. @throws DomainError COLLECTION_NOT_FOUND, SLUG_TAKEN */
export async function updateCollection(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  input: CollectionInput,
  who: EventIdentity,
) {
  const before = await lockCollectionOrFail(trx, id);
  if (input.slug !== undefined && input.slug !== before.slug && (await store.collectionSlugTaken(trx, input.slug, id))) {
    throw new DomainError(CatalogWriteErrors.SLUG_TAKEN, { slug: input.slug });
  }
  const row = await store.updateCollection(trx, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
    ...(input.visible !== undefined ? { visible: input.visible } : {}),
    ...(input.media !== undefined ? { media: JSON.stringify(storedMedia(input.media)) } : {}),
    updated_date: new Date(),
  });
  // Its products' search documents name the collection while it is visible.
  if (row.name !== before.name || row.visible !== before.visible) await refreshSearchDocumentsOfCollection(trx, id);
  return publishCollection(deps, trx, 'collection.changed', row, who);
}

/** Deletes a collection (its product links go with it; the products stay). @throws DomainError COLLECTION_NOT_FOUND */
export async function deleteCollection(deps: CatalogWriteDeps, trx: Transaction<Database>, id: string, who: EventIdentity): Promise<void> {
  await lockCollectionOrFail(trx, id);
  const linked = await store.listProductIdsOfCollection(trx, id);
  await store.deleteCollection(trx, id);
  await deps.events.publish(trx, { type: 'collection.deleted', entityId: id, identity: who });
  await touchProducts(deps, trx, linked, who);
}

/**
 * Adds products to a collection or removes them. Adding an unknown product fails the whole call;
 * removing one that is not there changes nothing. The collection and each product whose
 * `collectionIds` changed get a `changed` event.
 * @throws DomainError COLLECTION_NOT_FOUND, PRODUCT_NOT_FOUND (adding)
 */
export async function linkProducts(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  productIds: string[],
  who: EventIdentity,
  mode: 'add' | 'remove',
): Promise<void> {
  const collection = await lockCollectionOrFail(trx, id);
  const ids = [...new Set(productIds)];
  const valid = ids.filter(isCatalogId);
  if (mode === 'add') {
    const existing = await store.findExistingProductIds(trx, valid);
    const missing = ids.find((given) => !existing.has(given));
    if (missing) throw new DomainError(CatalogWriteErrors.PRODUCT_NOT_FOUND, { id: missing });
  }
  const changed = mode === 'add' ? await store.insertProductLinks(trx, id, valid) : await store.deleteProductLinks(trx, id, valid);
  if (changed.length === 0) return;
  const row = await store.updateCollection(trx, collection.id, { updated_date: new Date() });
  await publishCollection(deps, trx, 'collection.changed', row, who);
  await touchProducts(deps, trx, changed, who);
}

/** Products whose collections changed: a new `last_updated` and a `product.changed` event each (in id order, the lock order). */
async function touchProducts(deps: CatalogWriteDeps, trx: Transaction<Database>, productIds: string[], who: EventIdentity): Promise<void> {
  await refreshSearchDocuments(trx, productIds);
  for (const pid of [...productIds].sort()) {
    const row = await store.updateProduct(trx, pid, { last_updated: new Date() });
    const wire = await wireProduct(trx, row, deps.view);
    await deps.events.publish(trx, { type: 'product.changed', entityId: pid, entity: wire, identity: who });
  }
}
