/** The pricing service over a database and the configuration, as `services.ts` builds it (for the CLI and the demo seed). */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/schema.js';
import { CatalogReadService } from '../catalog/read-service.js';
import { catalogIdsOf } from './deps.js';
import { PricingService } from './service.js';

export function buildPricingService(db: Kysely<Database>, config: Pick<Config, 'catalog' | 'publicUrl'>): PricingService {
  const reads = new CatalogReadService({ db, publicUrl: config.publicUrl });
  return new PricingService({ db, currency: config.catalog.currency, catalog: catalogIdsOf(reads) });
}
