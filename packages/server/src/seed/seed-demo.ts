import { findIdsBySlug } from '../domains/catalog/bulk-load-store.js';
import type { MediaStore } from '../domains/catalog/media-store.js';
import { combinations } from '../domains/catalog/product-rules.js';
import type { CatalogWriteDeps } from '../domains/catalog/write-context.js';
import type { ProductInput, VariantOverrideInput } from '../domains/catalog/write-schemas.js';
import { CatalogWriteService } from '../domains/catalog/write-service.js';
import { type EventIdentity, UNKNOWN_IDENTITY } from '../domains/events/event-identity.js';
import { toAmount, toMinor } from '../platform/money/money.js';
import type { Services } from '../services.js';
import { DEMO_COLLECTIONS, DEMO_COLORS, DEMO_PRODUCTS, type DemoArt, type DemoChoice, type DemoProduct } from './demo-catalog.js';
import { type Art, DEMO_IMAGE_SIZE, drawDemoImage } from './demo-images.js';
import { type DemoPricingDeps, seedDemoPricing } from './demo-pricing.js';
import { hexColor } from './raster.js';

/** Who the demo's events name: nobody identifiable, the system seeding the shop. */
const SEED_IDENTITY: EventIdentity = UNKNOWN_IDENTITY;

export interface DemoSeedDeps extends CatalogWriteDeps, DemoPricingDeps {
  media: Pick<MediaStore, 'upload'>;
}

export interface DemoSeedResult {
  productsCreated: number;
  productsSkipped: number;
  collectionsCreated: number;
  images: number;
}

/** The seed's dependencies: the server's catalogue writers, media store, pricing and catalogue reads (`createServices`). */
export function demoSeedDeps(services: Pick<Services, 'catalogWriteDeps' | 'mediaFiles' | 'pricing' | 'catalogReads'>): DemoSeedDeps {
  return { ...services.catalogWriteDeps, media: services.mediaFiles, pricing: services.pricing, catalogReads: services.catalogReads };
}

/**
 * Seeds the demo catalogue: missing collections, then missing products with their variants, stock,
 * pictures and collections. `onProgress(done, total)` follows the products.
 */
export async function seedDemoCatalog(
  deps: DemoSeedDeps,
  options: { onProgress?: (done: number, total: number) => void } = {},
): Promise<DemoSeedResult> {
  const writes = new CatalogWriteService(deps);
  const result: DemoSeedResult = { productsCreated: 0, productsSkipped: 0, collectionsCreated: 0, images: 0 };
  const upload = async (art: DemoArt, fileName: string) => {
    result.images++;
    return deps.media.upload(drawDemoImage(resolveArt(art)), 'image/png', fileName);
  };

  const collectionIds = await findIdsBySlug(
    deps.db,
    'collections',
    DEMO_COLLECTIONS.map((collection) => collection.slug),
  );
  for (const collection of DEMO_COLLECTIONS) {
    if (collectionIds.has(collection.slug)) continue;
    const cover = await upload(collection.art, `${collection.slug}.png`);
    const image = { url: cover.url, width: DEMO_IMAGE_SIZE, height: DEMO_IMAGE_SIZE, altText: collection.name };
    const created = await writes.createCollection(
      {
        name: collection.name,
        slug: collection.slug,
        description: collection.description,
        media: { items: [{ mediaType: 'image', image }] },
      },
      SEED_IDENTITY,
    );
    collectionIds.set(collection.slug, created.id);
    result.collectionsCreated++;
  }

  const existing = await findIdsBySlug(
    deps.db,
    'products',
    DEMO_PRODUCTS.map((product) => product.slug),
  );
  const members = new Map<string, string[]>();
  for (const [i, product] of DEMO_PRODUCTS.entries()) {
    if (existing.has(product.slug)) {
      result.productsSkipped++;
    } else {
      const id = await createDemoProduct(deps, writes, product, upload);
      for (const slug of product.collections) members.set(slug, [...(members.get(slug) ?? []), id]);
      result.productsCreated++;
    }
    options.onProgress?.(i + 1, DEMO_PRODUCTS.length);
  }
  for (const [slug, ids] of members) {
    const collectionId = collectionIds.get(slug);
    if (!collectionId) throw new Error(`demo product in unknown collection '${slug}'`);
    await writes.addProductsToCollection(collectionId, ids, SEED_IDENTITY);
  }
  // The demo shop's shipping, tax, coupons and membership plan (idempotent too).
  await seedDemoPricing(deps);
  return result;
}

type Upload = (art: DemoArt, fileName: string) => Promise<{ id: string }>;

/** One product: created, then its variant prices, SKUs and own stock (one variants update, as a merchant would), and its pictures. */
async function createDemoProduct(
  deps: CatalogWriteDeps,
  writes: CatalogWriteService,
  product: DemoProduct,
  upload: Upload,
): Promise<string> {
  const created = await writes.createProduct(demoProductInput(product, deps.currency), SEED_IDENTITY);
  const id = created.id;
  const overrides = [...variantOverrides(product, deps.currency), ...variantStock(product)];
  if (overrides.length) await writes.updateVariants(id, overrides, SEED_IDENTITY);
  await writes.addMedia(id, await pictures(product, upload), SEED_IDENTITY);
  return id;
}

/** The product's pictures: its own first, then one per colour choice (the first reused when it shows the same colour). */
async function pictures(product: DemoProduct, upload: Upload) {
  const main = await upload(product.art, `${product.slug}.png`);
  const items: { mediaId: string; choice?: { option: string; choice: string } }[] = [{ mediaId: main.id }];
  for (const option of product.options ?? []) {
    if (option.optionType !== 'color') continue;
    for (const choice of option.choices) {
      const name = choiceValue(choice);
      const same = name === product.art.color;
      const file = same
        ? main
        : await upload({ ...product.art, color: name }, `${product.slug}-${name.toLowerCase().replace(/\W+/g, '-')}.png`);
      items.push({ mediaId: file.id, choice: { option: option.name, choice: wireValue(option, name) } });
    }
  }
  return items;
}

/** The demo product as a merchant would send it to the write API. */
function demoProductInput(product: DemoProduct, currency: string): ProductInput & { name: string } {
  const money = (amount: number) => roundTo(amount, currency);
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    productType: product.productType ?? 'physical',
    visible: product.visible ?? true,
    sku: product.sku,
    brand: product.brand,
    ribbon: product.ribbon,
    weight: product.weight,
    priceData: { price: money(product.price) },
    ...(product.cost !== undefined ? { costAndProfitData: { itemCost: money(product.cost) } } : {}),
    ...(product.discount
      ? {
          discount: {
            type: product.discount.type,
            value: product.discount.type === 'AMOUNT' ? money(product.discount.value) : product.discount.value,
          },
        }
      : {}),
    stock:
      product.stock && 'quantity' in product.stock
        ? { trackInventory: true, quantity: product.stock.quantity }
        : { trackInventory: false, inStock: product.stock === undefined },
    ...(product.pricePerUnit ? { pricePerUnitData: product.pricePerUnit } : {}),
    additionalInfoSections: product.info ?? [],
    productOptions: (product.options ?? []).map((option) => ({
      name: option.name,
      optionType: option.optionType,
      choices: option.choices.map((choice) => ({ value: wireValue(option, choiceValue(choice)), description: choiceValue(choice) })),
    })),
  };
}

/** Price overrides from choice surcharges, and the variants' own SKUs and prices, one entry a combination. */
function variantOverrides(product: DemoProduct, currency: string): VariantOverrideInput[] {
  const surcharge = new Map<string, number>();
  for (const option of product.options ?? [])
    for (const choice of option.choices)
      if (typeof choice !== 'string' && choice.surcharge) surcharge.set(`${option.name}=${choice.value}`, choice.surcharge);
  const options = (product.options ?? []).map((option) => ({
    name: option.name,
    optionType: option.optionType,
    choices: option.choices.map((choice) => ({ value: choiceValue(choice) })),
  }));
  const out: VariantOverrideInput[] = [];
  // combinations of the demo's choice names, sent as the product's choice values
  for (const choices of combinations(options)) {
    const extra = Object.entries(choices).reduce((sum, [optionName, value]) => sum + (surcharge.get(`${optionName}=${value}`) ?? 0), 0);
    const own = (product.variants ?? []).find((variant) =>
      Object.entries(variant.choices).every(([optionName, val]) => choices[optionName] === val),
    );
    const price = own?.price ?? (extra ? product.price + extra : undefined);
    if (price === undefined && !own?.sku) continue;
    out.push({
      choices: wireChoices(product, choices),
      ...(price !== undefined ? { price: roundTo(price, currency) } : {}),
      ...(own?.sku ? { sku: own.sku } : {}),
    });
  }
  return out;
}

/** The variants' own quantities (tracked products), through the write API's per-variant stock. */
function variantStock(product: DemoProduct): VariantOverrideInput[] {
  return (product.variants ?? []).flatMap((variant) =>
    variant.quantity === undefined ? [] : [{ choices: wireChoices(product, variant.choices), quantity: variant.quantity }],
  );
}

const choiceValue = (choice: string | DemoChoice) => (typeof choice === 'string' ? choice : choice.value);

/**
 * A choice's value on the wire: a colour option's choice is its colour code (the swatch shoppers see,
 * its name the description), any other choice its name.
 */
const wireValue = (option: { optionType: string }, name: string) => (option.optionType === 'color' ? (DEMO_COLORS[name] ?? name) : name);

/** A variant's choices (option name → the demo's choice name) as the product's choice values. */
function wireChoices(product: DemoProduct, choices: Record<string, string>): Record<string, string> {
  const options = product.options ?? [];
  return Object.fromEntries(
    Object.entries(choices).map(([name, choice]) => {
      const option = options.find((candidate) => candidate.name === name);
      return [name, option ? wireValue(option, choice) : choice];
    }),
  );
}

/** An amount rounded to the currency's minor units (the demo's prices work in any shop currency). */
function roundTo(amount: number, currency: string): number {
  return toAmount(toMinor(amount, currency), currency);
}

/** The art with its colour names resolved to RGB. */
function resolveArt(art: DemoArt): Art {
  const rgb = (colorName: string) => hexColor(DEMO_COLORS[colorName] ?? colorName);
  return { motif: art.motif, color: rgb(art.color), accent: art.accent ? rgb(art.accent) : undefined, pattern: art.pattern };
}
