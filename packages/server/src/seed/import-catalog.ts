/**
 * Imports products read from a file (`import-csv.ts`, `import-json.ts`). Every row is checked first
 * with the write API's own schema and rules, handles against each other and the shop; when any row
 * is wrong nothing is written. Otherwise one transaction creates the missing collections and every
 * product (bulk path, derived columns by the write side's rules). Nothing is ever half-imported.
 *
 * Events: an import of at most `IMPORT_EVENTS_MAX` products publishes one `product.created` per
 * product, so webhooks learn of them as of any other product. A larger import is a bulk load (a
 * migration, a catalogue from elsewhere): one event per product would flood every subscriber (100k
 * deliveries, each retried), so it publishes none for its products, like `seed --generate`; the
 * `collection.created` / `collection.changed` events of the collections it touches are still
 * published, and subscribers resynchronise by querying. Either way, running servers' caches hear
 * `catalog:*` when the import commits, and the tables are analyzed afterwards.
 */
import type { Transaction } from 'kysely';
import { type PlannedProduct, type ProductSpec, planProduct } from '../domains/catalog/bulk-load-plan.js';
import {
  analyzeCatalog,
  announceCatalogChange,
  findIdsBySlug,
  findTakenProductSlugs,
  findTakenSkus,
  insertPlannedProducts,
} from '../domains/catalog/bulk-load-store.js';
import { toWireCollection } from '../domains/catalog/collection-view.js';
import { checkDiscount, productChange } from '../domains/catalog/product-input.js';
import { choicesKey, combinations, slugify } from '../domains/catalog/product-rules.js';
import { toWireProduct } from '../domains/catalog/product-view.js';
import { listProductsByIds, listVariantsOf } from '../domains/catalog/read-store.js';
import { createCollection } from '../domains/catalog/write-collections.js';
import { type CatalogWriteDeps, inTransaction } from '../domains/catalog/write-context.js';
import { CreateProductBody } from '../domains/catalog/write-schemas.js';
import * as writeStore from '../domains/catalog/write-store.js';
import type { EventIdentity } from '../domains/events/event-identity.js';
import type { Database } from '../platform/db/schema.js';
import type { FieldViolation } from '../platform/errors.js';
import { safeParseReportingInput, violationsFromZod } from '../platform/field-violations.js';
import type { ImportRow, ReadRows, RowError } from './import-rows.js';

/** Products per insert batch (and per progress step) inside the one transaction. */
const IMPORT_BATCH = 1000;

/** The largest import that publishes one `product.created` per product (see the file comment). */
export const IMPORT_EVENTS_MAX = 1000;

/** The import was refused: these rows are wrong, and nothing was written. */
export class ImportRejected extends Error {
  override name = 'ImportRejected';
  constructor(readonly errors: RowError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} in the file; nothing was imported`);
  }
}

export interface ImportResult {
  products: number;
  variants: number;
  collectionsCreated: number;
  /** whether `product.created` was published for each product (imports of at most `IMPORT_EVENTS_MAX`) */
  productEvents: boolean;
}

export interface ImportOptions {
  /** who the events name */
  identity: EventIdentity;
  /** products written so far, of all (called after each batch) */
  onProgress?: (done: number, total: number) => void;
}

/** An import whose every row passed the checks: what it would write, nothing written yet. */
export interface CheckedImport {
  rows: ImportRow[];
  /** each row's product, slug assigned, in the order of `rows` */
  specs: ProductSpec[];
  /** collection slugs the import names that the shop does not have: they are created */
  collectionsToCreate: string[];
  /** slug → id of the collections named that exist */
  existingCollections: Map<string, string>;
}

/**
 * Checks every row read with the write API's rules, handles and SKUs against each other and the
 * shop, and writes nothing: the preview of an import, and its first half.
 * @throws ImportRejected listing every wrong row (line, field, message), sorted by line
 */
export async function checkImport(deps: CatalogWriteDeps, read: ReadRows): Promise<CheckedImport> {
  const { rows } = read;
  const errors: RowError[] = [...read.errors];
  const specs = rows.map((row) => checkRow(row, deps.currency, errors));
  await assignSlugs(deps, rows, specs, errors);
  await checkSkus(deps, rows, errors);
  if (errors.length) throw new ImportRejected(errors.sort((left, right) => left.line - right.line));
  const slugs = [...new Set(rows.flatMap((row) => row.collections))];
  const existingCollections = await findIdsBySlug(deps.db, 'collections', slugs);
  return {
    rows,
    specs: specs as ProductSpec[],
    collectionsToCreate: slugs.filter((slug) => !existingCollections.has(slug)),
    existingCollections,
  };
}

/**
 * Imports every row read, or none: the problems found while reading and those the rules find are
 * reported together.
 * @throws ImportRejected listing every wrong row (line, field, message), sorted by line
 */
export async function importCatalog(deps: CatalogWriteDeps, read: ReadRows, options: ImportOptions): Promise<ImportResult> {
  return writeImport(deps, await checkImport(deps, read), options);
}

/** Writes a checked import in one transaction (see the file comment). */
export async function writeImport(deps: CatalogWriteDeps, checked: CheckedImport, options: ImportOptions): Promise<ImportResult> {
  const { rows, specs: ready, collectionsToCreate, existingCollections } = checked;
  const productEvents = ready.length <= IMPORT_EVENTS_MAX;
  const result = await inTransaction(deps.db, async (trx): Promise<ImportResult> => {
    const collectionIds = new Map(existingCollections);
    for (const slug of collectionsToCreate) {
      const created = await createCollection(deps, trx, { name: nameOfSlug(slug), slug }, options.identity);
      collectionIds.set(slug, created.id);
    }
    let variants = 0;
    for (let from = 0; from < ready.length; from += IMPORT_BATCH) {
      const batch = ready.slice(from, from + IMPORT_BATCH).map((spec, k) => {
        const row = rows[from + k] as ImportRow;
        return planProduct({ ...spec, collectionIds: row.collections.map((slug) => collectionIds.get(slug) as string) }, deps.currency);
      });
      await insertPlannedProducts(trx, batch);
      if (productEvents) await publishCreated(deps, trx, batch, options.identity);
      variants += batch.reduce((total, product) => total + product.variants.length, 0);
      options.onProgress?.(Math.min(ready.length, from + IMPORT_BATCH), ready.length);
    }
    const touched = [...new Set(rows.flatMap((row) => row.collections).map((slug) => collectionIds.get(slug) as string))];
    await publishCollectionsChanged(deps, trx, touched, options.identity);
    await announceCatalogChange(trx);
    return { products: ready.length, variants, collectionsCreated: collectionsToCreate.length, productEvents };
  });
  await analyzeCatalog(deps.db);
  return result;
}

/** A row checked by the write API's schema and rules: its product spec (slug still to assign), or undefined with its problems added. */
function checkRow(row: ImportRow, currency: string, errors: RowError[]): ProductSpec | undefined {
  const report = (violations: FieldViolation[]) => {
    for (const violation of violations)
      errors.push({ line: row.line, field: row.fieldName(violation.field.replace(/^product\.?/, '')), message: plain(violation) });
  };
  const parsed = safeParseReportingInput(CreateProductBody, { product: row.input });
  if (!parsed.success) {
    report(violationsFromZod(parsed.error.issues));
    return undefined;
  }
  const input = parsed.data.product;
  const change = productChange(input, currency, [], 'product');
  checkDiscount(
    {
      price: String(change.patch.price ?? '0'),
      discount_type: String(change.patch.discount_type ?? 'NONE'),
      discount_value: String(change.patch.discount_value ?? '0'),
      currency,
    },
    'product',
    change.violations,
  );
  if (change.violations.length) {
    report(change.violations);
    return undefined;
  }
  const options = change.options ?? [];
  const keys = new Set(combinations(options).map(choicesKey));
  for (const variant of row.variants ?? []) {
    if (!keys.has(choicesKey(variant.choices))) {
      const named = Object.entries(variant.choices).map(([option, choice]) => `${option}: ${choice}`);
      errors.push({
        line: variant.line,
        field: 'options',
        message: `${named.join(', ') || 'no choices'} is not a combination of the product's options`,
      });
      return undefined;
    }
  }
  const media = row.images.map(({ url, altText }) => ({
    id: crypto.randomUUID(),
    mediaType: 'image',
    image: altText ? { url, altText } : { url },
  }));
  const variants = row.variants?.map(({ line: _line, ...variant }) => variant);
  return { name: input.name, slug: input.slug ?? '', patch: change.patch, options, media, ...(variants?.length ? { variants } : {}) };
}

/** Every SKU (products' and variants') must be unique in the file and new to the shop. */
async function checkSkus(deps: CatalogWriteDeps, rows: ImportRow[], errors: RowError[]) {
  const firstLine = new Map<string, number>();
  const named: { sku: string; line: number; field: string }[] = [];
  for (const row of rows) {
    if (row.input.sku) named.push({ sku: row.input.sku, line: row.line, field: row.fieldName('sku') });
    for (const variant of row.variants ?? [])
      if (variant.sku) named.push({ sku: variant.sku, line: variant.line, field: row.fieldName('variants.sku') });
  }
  for (const { sku, line, field } of named) {
    const seen = firstLine.get(sku);
    if (seen !== undefined) errors.push({ line, field, message: `repeats the SKU ${sku} of line ${seen}` });
    else firstLine.set(sku, line);
  }
  const taken = await findTakenSkus(deps.db, [...firstLine.keys()]);
  for (const { sku, line, field } of named) {
    if (taken.has(sku) && firstLine.get(sku) === line)
      errors.push({ line, field, message: `the SKU ${sku} is taken by a product already in the shop` });
  }
}

/** A violation's description for a person reading a terminal. */
function plain(violation: FieldViolation): string {
  const limits = (violation.data ?? {}) as { min?: number; max?: number };
  switch (violation.violatedRule) {
    case 'MAX_LENGTH':
      return `must be at most ${limits.max} characters`;
    case 'MIN_LENGTH':
      return limits.min === 1 ? 'must not be empty' : `must be at least ${limits.min} characters`;
    case 'MAX':
      return `must be at most ${limits.max}`;
    case 'MIN':
      return `must be at least ${limits.min}`;
    case 'MAX_SIZE':
      return violation.description.startsWith('generate') ? violation.description : `must have at most ${limits.max} items`;
    case 'MIN_SIZE':
      return `must have at least ${limits.min} item${limits.min === 1 ? '' : 's'}`;
    default:
      return violation.description;
  }
}

/**
 * Gives every valid row its slug: a handle given must be unique in the file and free in the shop;
 * a product without one gets one from its name with the first free suffix.
 */
async function assignSlugs(deps: CatalogWriteDeps, rows: ImportRow[], specs: (ProductSpec | undefined)[], errors: RowError[]) {
  const firstLine = new Map<string, number>();
  rows.forEach((row, i) => {
    const slug = specs[i]?.slug;
    if (!slug) return;
    const seen = firstLine.get(slug);
    if (seen !== undefined) errors.push({ line: row.line, field: row.fieldName('slug'), message: `repeats the handle of line ${seen}` });
    else firstLine.set(slug, row.line);
  });
  const taken = await findTakenProductSlugs(deps.db, [...firstLine.keys()]);
  rows.forEach((row, i) => {
    const slug = specs[i]?.slug;
    if (slug && taken.has(slug) && firstLine.get(slug) === row.line) {
      errors.push({ line: row.line, field: row.fieldName('slug'), message: 'is taken by a product already in the shop' });
    }
  });
  // Made-up slugs: propose, ask the shop which are taken, move those on to their next suffix; repeat.
  const used = new Set(firstLine.keys());
  const pending = specs.filter((spec): spec is ProductSpec => spec !== undefined && !spec.slug);
  const suffix = new Map<ProductSpec, number>();
  let round = pending;
  while (round.length) {
    for (const spec of round) {
      const base = slugify(spec.name, 'product');
      let attempt = suffix.get(spec) ?? 1;
      let candidate = attempt === 1 ? base : `${base}-${attempt}`;
      while (used.has(candidate)) candidate = `${base}-${++attempt}`;
      suffix.set(spec, attempt);
      used.add(candidate);
      spec.slug = candidate;
    }
    const clash = await findTakenProductSlugs(
      deps.db,
      round.map((spec) => spec.slug),
    );
    round = round.filter((spec) => clash.has(spec.slug));
  }
}

/** `product.created` for each new product, with the product as the merchant sees it. */
async function publishCreated(deps: CatalogWriteDeps, trx: Transaction<Database>, batch: PlannedProduct[], who: EventIdentity) {
  const ids = batch.map((product) => product.row.id);
  const [products, variants] = await Promise.all([listProductsByIds(trx, ids), listVariantsOf(trx, ids, { visibleOnly: false })]);
  for (const product of batch) {
    const row = products.get(product.row.id);
    if (!row) continue;
    const wire = toWireProduct(row, variants.get(row.id) ?? [], product.collectionIds, { merchant: true, ...deps.view });
    await deps.events.publish(trx, { type: 'product.created', entityId: row.id, entity: wire, identity: who });
  }
}

/** `collection.changed` for every collection that gained products (with its new count). */
async function publishCollectionsChanged(deps: CatalogWriteDeps, trx: Transaction<Database>, ids: string[], who: EventIdentity) {
  for (const id of ids.sort()) {
    const row = await writeStore.updateCollection(trx, id, { updated_date: new Date() });
    const wire = toWireCollection(row, await writeStore.countProductsOfCollection(trx, id), 'v2');
    await deps.events.publish(trx, { type: 'collection.changed', entityId: id, entity: wire, identity: who });
  }
}

/** A collection name from its slug: `summer-sale` → `Summer sale`. */
function nameOfSlug(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
