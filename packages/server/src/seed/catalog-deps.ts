/**
 * What the seeding and import commands write with, built as the server builds it (`services.ts`)
 * from a database and the configuration: the write deps, a publisher of events, the media store.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { MediaStore } from '../domains/catalog/media-store.js';
import type { CatalogWriteDeps } from '../domains/catalog/write-context.js';
import { EventPublisher } from '../domains/events/publisher.js';
import type { Database } from '../platform/db/schema.js';

export type CatalogConfig = Pick<Config, 'catalog' | 'publicUrl' | 'mediaDir'>;

/** The catalogue write dependencies over `db` (events go to the outbox like the API's). */
export function catalogWriteDeps(db: Kysely<Database>, config: CatalogConfig): CatalogWriteDeps {
  return {
    db,
    events: new EventPublisher(),
    currency: config.catalog.currency,
    view: { publicUrl: config.publicUrl, display: config.catalog.display },
  };
}

/** The media store of the configured media directory, serving under the public URL. */
export function mediaStoreOf(db: Kysely<Database>, config: CatalogConfig): MediaStore {
  return new MediaStore({ db, dir: config.mediaDir, publicUrl: config.publicUrl });
}
