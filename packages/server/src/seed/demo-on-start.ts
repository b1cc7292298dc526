import type { Config } from '../config.js';
import { hasAnyProduct } from '../domains/catalog/bulk-load-store.js';
import { type DemoSeedDeps, type DemoSeedResult, seedDemoCatalog } from './seed-demo.js';

/** Whether this start may seed the demo: embedded database, not production, not turned off. */
export function demoWantedAtStart(config: Pick<Config, 'database' | 'production' | 'demo'>, noDemoFlag: boolean): boolean {
  return config.database.kind === 'pglite' && !config.production && config.demo && !noDemoFlag;
}

/**
 * Seeds the demo catalogue when the products table is empty (`starting` is told first); answers
 * what it did, or undefined when the shop already had products.
 */
export async function seedDemoIfEmpty(deps: DemoSeedDeps, starting: () => void = () => {}): Promise<DemoSeedResult | undefined> {
  if (await hasAnyProduct(deps.db)) return undefined;
  starting();
  return seedDemoCatalog(deps);
}
