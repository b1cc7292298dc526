/**
 * Orders written straight to a database (the CLI tests' closed data directory, where no server
 * places them): a tracked product made by the catalogue write service, then a completed checkout and
 * its order with the units taken, as placement leaves them.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { CatalogWriteService } from '../../src/domains/catalog/write-service.js';
import { UNKNOWN_IDENTITY } from '../../src/domains/events/event-identity.js';
import { EventPublisher } from '../../src/domains/events/publisher.js';
import { openDatabase } from '../../src/platform/db/database.js';
import type { Database } from '../../src/platform/db/schema.js';
import { insertCompletedOrder } from './dashboard-orders.js';

/** A visible product tracking `quantity` units at 10.00; answers its id. */
export async function trackedProduct(db: Kysely<Database>, name: string, quantity: number): Promise<string> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const view = { publicUrl: config.publicUrl, display: config.catalog.display };
  const writes = new CatalogWriteService({ db, events: new EventPublisher(), currency: config.catalog.currency, view });
  const product = await writes.createProduct(
    { name, priceData: { price: 10 }, stock: { trackInventory: true, quantity } },
    UNKNOWN_IDENTITY,
  );
  return product.id;
}

/** An order of `quantity` units of the product at 10.00 plus 5.00 shipping, its units taken; answers its id and number. */
export async function insertPlacedOrder(db: Kysely<Database>, options: { productId: string; quantity: number; email: string }) {
  const address = JSON.stringify({ addressLine: '1 Main St', city: 'Springfield', country: 'US' });
  const order = await insertCompletedOrder(
    db,
    {
      currency: 'USD',
      email: options.email,
      lines: [{ productId: options.productId, name: 'Mug', quantity: options.quantity, price: '10.00' }],
    },
    {
      shipping_address: address,
      billing_address: address,
      shipping_option: JSON.stringify({ code: 'standard', title: 'Standard shipping', carrierId: 'vitrine', price: '5.00' }),
      reserved_stock: JSON.stringify([{ productId: options.productId, quantity: options.quantity }]),
    },
  );
  await db
    .updateTable('products')
    .set({ quantity: sql<number>`quantity - ${options.quantity}` })
    .where('id', '=', options.productId)
    .execute();
  await db.updateTable('checkouts').set({ order_id: order.id }).where('id', '=', order.checkoutId).execute();
  return { id: order.id, number: order.number };
}

/** The product's quantity in a closed data directory (opened after a command closed it, closed again). */
export async function productQuantityIn(dataDir: string, productId: string): Promise<number | null> {
  const databaseHandle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return (await databaseHandle.db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirstOrThrow())
      .quantity;
  } finally {
    await databaseHandle.close();
  }
}
