/**
 * SQL of the current cart. Every function takes the executor (the service's transaction while it
 * writes); locking reads say so in their name.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, NewRow, Row } from '../../platform/db/schema.js';
import type { LineWrites } from './line-changes.js';

export type CartRow = Row<'carts'>;
export type LineRow = Row<'cart_line_items'>;

/** Whose cart: a visitor's (until it logs in) or a member's. */
export type CartOwner = { kind: 'visitor'; visitorId: string } | { kind: 'member'; memberId: string };

function byOwner(db: Kysely<Database>, owner: CartOwner) {
  const query = db.selectFrom('carts').selectAll();
  return owner.kind === 'member'
    ? query.where('member_id', '=', owner.memberId)
    : query.where('visitor_id', '=', owner.visitorId).where('member_id', 'is', null);
}

/** The owner's cart, without a lock. */
export function findCartByOwner(db: Kysely<Database>, owner: CartOwner): Promise<CartRow | undefined> {
  return byOwner(db, owner).executeTakeFirst();
}

/** A cart by its id, without a lock. */
export function findCartById(db: Kysely<Database>, cartId: string): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('id', '=', cartId).executeTakeFirst();
}

/** A cart by its id, its row locked until the transaction ends, with its lines (read under the lock). */
export async function lockCartById(db: Kysely<Database>, cartId: string): Promise<{ cart: CartRow; lines: LineRow[] } | undefined> {
  const cart = await db.selectFrom('carts').selectAll().where('id', '=', cartId).forUpdate().executeTakeFirst();
  return cart && { cart, lines: await listLines(db, cart.id) };
}

/** The owner's cart, its row locked until the transaction ends (writers of one cart queue here). */
export function lockCartByOwner(db: Kysely<Database>, owner: CartOwner): Promise<CartRow | undefined> {
  return byOwner(db, owner).forUpdate().executeTakeFirst();
}

/** The lines of the selected cart as one JSON array (display order), beside the cart's columns. */
const LINES_JSON = sql<LineJson[] | null>`(SELECT json_agg(l ORDER BY l.position, l.id) FROM cart_line_items l WHERE l.cart_id = carts.id)`;

/** Lines as `LINES_JSON` carries them (dates as text), as rows. */
const linesOfJson = (lines: LineJson[] | null): LineRow[] =>
  (lines ?? []).map((line) => ({ ...line, created_date: new Date(line.created_date) }));

/**
 * The owner's cart, its row locked, with its lines in display order: one round trip (a cart write's
 * hot path, bench/api-cart) unless another writer held the lock. Why then two: under READ COMMITTED
 * a `FOR UPDATE` that waited re-reads the locked row at its newest version, but subqueries of the
 * same statement still see the statement's snapshot, so the lines could predate the write that just
 * committed (a lost update). The snapshot's revision of the cart tells: when it differs from the
 * locked row's, the lines are read again, now under the lock. The lines come back as JSON, their
 * dates as text: turned back into rows here.
 */
export async function lockCartWithLines(db: Kysely<Database>, owner: CartOwner): Promise<{ cart: CartRow; lines: LineRow[] } | undefined> {
  const seen = sql<number>`(SELECT s.revision FROM carts s WHERE s.id = carts.id)`;
  const row = await byOwner(db, owner)
    .select([LINES_JSON.as('cart_lines'), seen.as('snapshot_revision')])
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const { cart_lines, snapshot_revision, ...cart } = row;
  if (snapshot_revision !== cart.revision) return { cart, lines: await listLines(db, cart.id) };
  return { cart, lines: linesOfJson(cart_lines) };
}

/** The owner's cart as one statement saw it, with its lines, and whether a member's visitor still has a cart to merge. */
export interface CartSnapshot {
  cart: CartRow;
  lines: LineRow[];
  /** the visitor the member signed in from still has a cart (a write merges it first) */
  visitorCartWaiting: boolean;
}

/**
 * The owner's cart with its lines, without a lock: one statement, so the cart and its lines are of
 * one moment (its snapshot). `linkedVisitorId`: also tell whether that visitor still has a cart.
 * Reads answer from it; unlocked writes compare its revision when they write (`writeCartIfUnchanged`).
 */
export async function readCartWithLines(
  db: Kysely<Database>,
  owner: CartOwner,
  linkedVisitorId?: string,
): Promise<CartSnapshot | undefined> {
  const waiting = linkedVisitorId
    ? sql<boolean>`EXISTS (SELECT FROM carts v WHERE v.visitor_id = ${linkedVisitorId} AND v.member_id IS NULL)`
    : sql<boolean>`false`;
  const row = await byOwner(db, owner)
    .select([LINES_JSON.as('cart_lines'), waiting.as('visitor_cart_waiting')])
    .executeTakeFirst();
  if (!row) return undefined;
  const { cart_lines, visitor_cart_waiting, ...cart } = row;
  return { cart, lines: linesOfJson(cart_lines), visitorCartWaiting: visitor_cart_waiting };
}

type LineJson = Omit<LineRow, 'created_date'> & { created_date: string };

/**
 * The line writes of a plan as data-modifying CTEs (deletes, quantities, inserts), each gated by
 * `when`. They all run, referenced or not, and see the same snapshot (a plan never inserts and
 * deletes the same line).
 */
function lineWriteCtes(cartId: string, writes: LineWrites, when: RawBuilder<unknown> = sql`true`): RawBuilder<unknown>[] {
  const ctes = [];
  if (writes.deletes.length) {
    ctes.push(sql`deleted AS (DELETE FROM cart_line_items WHERE cart_id = ${cartId} AND id = ANY(${writes.deletes}::uuid[]) AND ${when})`);
  }
  if (writes.quantities.length) {
    // one table, no join: planning a join with unnest() cost the database more than the update itself
    // (add-to-cart's hot statement, bench/api-cart); each line takes the quantity at its id's position
    const ids = writes.quantities.map((change) => change.id);
    ctes.push(sql`requantified AS (
      UPDATE cart_line_items SET quantity = (${writes.quantities.map((change) => change.quantity)}::int[])[array_position(${ids}::uuid[], id)]
      WHERE cart_id = ${cartId} AND id = ANY(${ids}::uuid[]) AND ${when})`);
  }
  if (writes.inserts.length) {
    // one JSON parameter for any number of rows; jsonb columns take the nested JSON as it is
    ctes.push(sql`inserted AS (
      INSERT INTO cart_line_items SELECT * FROM json_populate_recordset(NULL::cart_line_items, ${JSON.stringify(writes.inserts)}::json)
      WHERE ${when})`);
  }
  return ctes;
}

/**
 * Applies a change in one statement: the line writes planned under the lock and the cart's patch,
 * its revision bumped; answers the new cart row.
 */
export async function writeCart(db: Kysely<Database>, cartId: string, writes: LineWrites, patch: CartPatch): Promise<CartRow> {
  const ctes = lineWriteCtes(cartId, writes);
  const sets = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const result = await sql<CartRow>`${ctes.length ? sql`WITH ${sql.join(ctes)} ` : sql``}UPDATE carts SET ${sql.join([
    ...sets,
    sql`revision = revision + 1`,
    sql`updated_date = ${new Date()}`,
  ])} WHERE id = ${cartId} RETURNING *`.execute(db);
  const cart = result.rows[0];
  if (!cart) throw new Error(`cart ${cartId} vanished under its lock`);
  return cart;
}

/**
 * A write planned on a snapshot (`readCartWithLines`), without a lock: one statement that bumps the
 * cart's revision only if the cart is still as read (same revision, same checkout; every change of
 * its lines bumps the revision), and then applies the line writes and records the event (`event`,
 * the CTEs of `eventWithDeliveriesCtes`, gated the same way). Answers false when the cart changed
 * meanwhile (or is gone): nothing was written, plan again. Run outside a transaction: the statement
 * commits on its own.
 */
export async function writeCartIfUnchanged(
  db: Kysely<Database>,
  read: CartRow,
  writes: LineWrites,
  updatedDate: Date,
  event: (when: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<boolean> {
  const when = sql`EXISTS (SELECT FROM cas)`;
  const result = await sql<{ id: string }>`WITH cas AS (
      UPDATE carts SET revision = revision + 1, updated_date = ${updatedDate}
      WHERE id = ${read.id} AND revision = ${read.revision} AND checkout_id IS NOT DISTINCT FROM ${read.checkout_id}
      RETURNING id),
    ${sql.join([...lineWriteCtes(read.id, writes, when), event(when)])}
    SELECT id FROM cas`.execute(db);
  return result.rows.length === 1;
}

/** Creates the owner's cart unless another writer just did (the partial unique indexes decide). */
export async function insertCartIfAbsent(db: Kysely<Database>, owner: CartOwner, currency: string): Promise<void> {
  const insert = db.insertInto('carts');
  if (owner.kind === 'member') {
    await insert
      .values({ member_id: owner.memberId, currency })
      .onConflict((conflict) => conflict.column('member_id').where('member_id', 'is not', null).doNothing())
      .execute();
  } else {
    await insert
      .values({ visitor_id: owner.visitorId, currency })
      .onConflict((conflict) => conflict.column('visitor_id').where('member_id', 'is', null).doNothing())
      .execute();
  }
}

/** The lines of a cart in display order. */
export function listLines(db: Kysely<Database>, cartId: string): Promise<LineRow[]> {
  return db.selectFrom('cart_line_items').selectAll().where('cart_id', '=', cartId).orderBy('position').orderBy('id').execute();
}

/** Sets a line's quantity. */
export async function updateLineQuantity(db: Kysely<Database>, lineId: string, quantity: number): Promise<void> {
  await db.updateTable('cart_line_items').set({ quantity }).where('id', '=', lineId).execute();
}

/** Moves lines to another cart (a visitor's cart merged into its member's), after that cart's lines. */
export async function moveLines(db: Kysely<Database>, lineIds: readonly string[], toCartId: string, positionOffset: number): Promise<void> {
  if (!lineIds.length) return;
  await db
    .updateTable('cart_line_items')
    .set({ cart_id: toCartId, position: sql<number>`position + ${positionOffset}` })
    .where('id', 'in', lineIds)
    .execute();
}

/** Cart fields a write may change. */
export type CartPatch = Partial<
  Pick<
    NewRow<'carts'>,
    | 'buyer_note'
    | 'contact_info'
    | 'email'
    | 'selected_shipping_option'
    | 'coupon_id'
    | 'merchant_discounts'
    | 'checkout_id'
    | 'member_id'
    | 'visitor_id'
  >
>;

/** Applies a patch, bumps the revision and the update date; answers the new row. */
export function updateCart(db: Kysely<Database>, cartId: string, patch: CartPatch): Promise<CartRow> {
  return db
    .updateTable('carts')
    .set({ ...patch, revision: sql<number>`revision + 1`, updated_date: new Date() })
    .where('id', '=', cartId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a checkout on a cart (no revision bump: the cart's content did not change). */
export async function setCheckoutId(db: Kysely<Database>, cartId: string, checkoutId: string): Promise<void> {
  await db.updateTable('carts').set({ checkout_id: checkoutId }).where('id', '=', cartId).execute();
}

/** Deletes a cart (its lines go with it). */
export async function deleteCart(db: Kysely<Database>, cartId: string): Promise<void> {
  await db.deleteFrom('carts').where('id', '=', cartId).execute();
}
