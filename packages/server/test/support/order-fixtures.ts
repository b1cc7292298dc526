/**
 * Orders for the fulfilment and refund tests (#20): an order of two lines (2 mugs at 10.00, 3 tees
 * at 12.50, 5.00 shipping: 62.50), the merchant's order actions over HTTP, and the order's events.
 */
import { placedOrder, stockedProduct } from './checkout-fixtures.js';
import type { Answer } from './http.js';
import { merchantCall } from './merchant-api.js';
import type { TestServer } from './test-server.js';

/** POSTs the merchant's `action` on the order with `body`. */
export const orderAction = (server: TestServer, id: string, action: string, body: unknown = {}) =>
  merchantCall(server, 'POST', `/ecom/v1/orders/${id}/${action}`, body);

/** An answer's status and application error code. */
export const appError = (answer: Answer) => [answer.status, answer.body?.details?.applicationError?.code];

/** An order of 2 mugs (10.00, 5 in stock) and 3 tees (12.50, 6 in stock), shipped for 5.00: 62.50 in all. */
export async function twoLineOrder(server: TestServer) {
  const mug = await stockedProduct(server, { price: 10, quantity: 5 });
  const tee = await stockedProduct(server, { price: 12.5, quantity: 6 });
  const order = await placedOrder(server, [
    { productId: mug._id, quantity: 2 },
    { productId: tee._id, quantity: 3 },
  ]);
  const lineOf = (productId: string) => order.lineItems.find((lineItem) => lineItem.productId === productId)?.id as string;
  return { order, mug, tee, mugLine: lineOf(mug._id), teeLine: lineOf(tee._id) };
}

/** The types of the order's events in the outbox, oldest first. */
export async function eventTypesOf(server: TestServer, entityId: string): Promise<string[]> {
  const rows = await server.database.db.selectFrom('events').select('type').where('entity_id', '=', entityId).orderBy('sequence').execute();
  return rows.map((row) => row.type);
}

/** The order's last event's entity (the order as webhooks receive it). */
export async function lastEventEntity(server: TestServer, entityId: string): Promise<Record<string, any>> {
  const row = await server.database.db
    .selectFrom('events')
    .select('payload')
    .where('entity_id', '=', entityId)
    .orderBy('sequence', 'desc')
    .executeTakeFirstOrThrow();
  return (row.payload as { entity: Record<string, any> }).entity;
}
