/**
 * Orders written straight to the database at a chosen instant, currency and state, for the
 * dashboard's tests (its figures count orders by the day they were placed), and the completed
 * checkout and order rows under them, which the CLI tests' orders (order-rows.ts) share.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';

export interface SeededOrder {
  at: string;
  currency: string;
  lines: { productId: string; name: string; quantity: number; price: string }[];
  status?: 'APPROVED' | 'CANCELED';
  payment?: 'NOT_PAID' | 'PENDING' | 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED';
  fulfillment?: 'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';
}

/** An order as placement leaves it (lines, totals with 5.00 shipping), written at `at`. */
export async function insertOrder(db: Kysely<Database>, seeded: SeededOrder): Promise<string> {
  const order = await insertCompletedOrder(
    db,
    { currency: seeded.currency, email: 'buyer@example.com', lines: seeded.lines },
    {
      status: seeded.status ?? 'APPROVED',
      payment_status: seeded.payment ?? 'PAID',
      fulfillment_status: seeded.fulfillment ?? 'NOT_FULFILLED',
      created_date: new Date(seeded.at),
    },
  );
  return order.id;
}

/**
 * A completed checkout of these lines and its order, paid by bank transfer with 5.00 shipping, written
 * as placement leaves them; `columns` sets the order's other columns (states, addresses, date...).
 */
export async function insertCompletedOrder(
  db: Kysely<Database>,
  order: { currency: string; email: string; lines: SeededOrder['lines'] },
  columns: Partial<Insertable<Database['orders']>> = {},
): Promise<{ id: string; number: string; checkoutId: string }> {
  const lines = order.lines.map((line) => ({
    lineItemId: crypto.randomUUID(),
    productId: line.productId,
    custom: false,
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    fullPrice: line.price,
    shippable: true,
    collectionIds: [],
    descriptionLines: [],
    itemType: 'PHYSICAL',
    lineTotal: (Number(line.price) * line.quantity).toFixed(2),
  }));
  const subtotal = lines.reduce((sum, line) => sum + Number(line.lineTotal), 0);
  const totals = {
    subtotal: subtotal.toFixed(2),
    discount: '0.00',
    shipping: '5.00',
    tax: '0.00',
    total: (subtotal + 5).toFixed(2),
    appliedDiscounts: [],
  };
  const checkout = await db
    .insertInto('checkouts')
    .values({ currency: order.currency, email: order.email, line_items: JSON.stringify(lines), status: 'COMPLETED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const written = await db
    .insertInto('orders')
    .values({
      checkout_id: checkout.id,
      visitor_id: null,
      member_id: null,
      email: order.email,
      currency: order.currency,
      payment_method: 'bank-transfer',
      coupon_id: null,
      line_items: JSON.stringify(lines),
      totals: JSON.stringify(totals),
      shipping_address: null,
      billing_address: null,
      ...columns,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow();
  return { id: written.id, number: String(written.number), checkoutId: checkout.id };
}
