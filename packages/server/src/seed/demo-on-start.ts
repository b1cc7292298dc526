/**
 * The demo shop on first start: `vitrine serve` over an embedded database that has no products yet
 * seeds the demo catalogue, so `npm start` opens on a shop. Never in production, never over
 * PostgreSQL, and not when turned off (`--no-demo`, `VITRINE_DEMO=false`).
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { hasAnyProduct } from '../domains/catalog/bulk-load-store.js';
import type { Database } from '../platform/db/schema.js';
import type { CatalogConfig } from './catalog-deps.js';
import { type DemoSeedResult, demoSeedDeps, seedDemoCatalog } from './seed-demo.js';

/** Whether this start may seed the demo: embedded database, not production, not turned off. */
export function demoWantedAtStart(config: Pick<Config, 'database' | 'production' | 'demo'>, noDemoFlag: boolean): boolean {
  return config.database.kind === 'pglite' && !config.production && config.demo && !noDemoFlag;
}

/**
 * Seeds the demo catalogue when the products table is empty (`starting` is told first); answers
 * what it did, or undefined when the shop already had products.
 */
export async function seedDemoIfEmpty(
  db: Kysely<Database>,
  config: CatalogConfig,
  starting: () => void = () => {},
): Promise<DemoSeedResult | undefined> {
  if (await hasAnyProduct(db)) return undefined;
  starting();
  return seedDemoCatalog(demoSeedDeps(db, config));
}
