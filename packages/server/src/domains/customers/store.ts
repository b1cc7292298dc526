/**
 * The SQL of the merchant's customers (issue #24): a read side over identities, orders and
 * memberships. A customer is a member (by id, with or without orders) or a guest: the orders placed
 * without a member under one e-mail (any case). A member and a guest of the same e-mail stay two
 * customers, as their orders do until the member claims them (checkout/guest-orders.ts).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { containsPattern } from '../../platform/db/like-pattern.js';
import type { Database } from '../../platform/db/schema.js';

/** One customer as the list reads it. */
export interface CustomerRow {
  /** the member's id, or the id of the guest's first order */
  id: string;
  member_id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  registered_date: Date | null;
  order_count: number;
  last_order_date: Date | null;
}

/** Who a customer is: a member by id, or a guest by e-mail. */
export type CustomerRef = { memberId: string } | { email: string };

/** A guest's name on an order: the payer's, else the recipient's. */
const guestName = (field: 'firstName' | 'lastName') =>
  sql.raw(`coalesce(contact_info->'billingContactDetails'->>'${field}', contact_info->'contactDetails'->>'${field}')`);

/** Every customer, members and guests, as one relation (a CTE body). */
function customers(): RawBuilder<CustomerRow> {
  return sql<CustomerRow>`
    WITH member_orders AS (
      SELECT member_id, count(*)::int AS order_count, max(created_date) AS last_order_date
      FROM orders WHERE member_id IS NOT NULL GROUP BY member_id
    ), guest_orders AS (
      SELECT lower(email) AS email_key, count(*)::int AS order_count, max(created_date) AS last_order_date,
        (array_agg(id::text ORDER BY created_date, number))[1] AS first_order_id
      FROM orders WHERE member_id IS NULL GROUP BY lower(email)
    ), guest_named AS (
      SELECT lower(email) AS email_key, email, created_date,
        ${guestName('firstName')} AS first_name, ${guestName('lastName')} AS last_name
      FROM orders WHERE member_id IS NULL
    ), guest_latest AS (
      -- the e-mail as last typed, and the latest name given
      SELECT DISTINCT ON (email_key) email_key, email, first_name, last_name
      FROM guest_named ORDER BY email_key, (first_name IS NULL AND last_name IS NULL), created_date DESC
    ), customers AS (
      SELECT i.id::text AS id, i.id::text AS member_id, i.email, i.profile->>'firstName' AS first_name, i.profile->>'lastName' AS last_name,
        i.created_date AS registered_date, coalesce(m.order_count, 0) AS order_count, m.last_order_date
      FROM identities i LEFT JOIN member_orders m ON m.member_id = i.id
      WHERE i.role = 'member' OR m.member_id IS NOT NULL
      UNION ALL
      SELECT g.first_order_id, NULL, l.email, l.first_name, l.last_name, NULL, g.order_count, g.last_order_date
      FROM guest_orders g JOIN guest_latest l USING (email_key)
    )`;
}

/** The customers whose e-mail or name contains `query` (any case); everyone without one. */
function matching(query: string | undefined) {
  if (!query) return sql`TRUE`;
  const pattern = containsPattern(query);
  return sql`(email ILIKE ${pattern} OR concat_ws(' ', first_name, last_name) ILIKE ${pattern}
    OR concat_ws(' ', last_name, first_name) ILIKE ${pattern})`;
}

/** A page of customers, the latest active first (last order, else registration), and how many match. */
export async function searchCustomers(db: Kysely<Database>, search: { query?: string; limit: number; offset: number }) {
  const where = matching(search.query);
  const [page, count] = await Promise.all([
    sql<CustomerRow>`${customers()}
      SELECT * FROM customers WHERE ${where}
      ORDER BY coalesce(last_order_date, registered_date) DESC, lower(email), member_id NULLS LAST
      LIMIT ${search.limit} OFFSET ${search.offset}`.execute(db),
    sql<{ n: number }>`${customers()} SELECT count(*)::int AS n FROM customers WHERE ${where}`.execute(db),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}

/** One customer's row, or undefined when there is no such member or no guest order of that e-mail. */
export async function findCustomer(db: Kysely<Database>, ref: CustomerRef): Promise<CustomerRow | undefined> {
  const which = 'memberId' in ref ? sql`member_id = ${ref.memberId}` : sql`member_id IS NULL AND lower(email) = lower(${ref.email})`;
  const found = await sql<CustomerRow>`${customers()} SELECT * FROM customers WHERE ${which} LIMIT 1`.execute(db);
  return found.rows[0];
}

/** The e-mail of a guest order (one placed without a member), or undefined when there is no such order. */
export async function findGuestEmailOfOrder(db: Kysely<Database>, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select('email').where('id', '=', orderId).where('member_id', 'is', null).executeTakeFirst();
  return row?.email;
}

/** Which orders are a customer's: the member's, or the guest orders of the e-mail. */
function ordersOf(ref: CustomerRef) {
  return 'memberId' in ref ? sql`member_id = ${ref.memberId}` : sql`member_id IS NULL AND lower(email) = lower(${ref.email})`;
}

/**
 * What the customers of a page spent, per currency: the totals of their orders that are not cancelled,
 * less what was refunded, as decimal text. Keyed by member id, or by lower-case e-mail for guests.
 */
export async function spentByCustomer(db: Kysely<Database>, refs: CustomerRef[]) {
  const memberIds = refs.flatMap((ref) => ('memberId' in ref ? [ref.memberId] : []));
  const emails = refs.flatMap((ref) => ('email' in ref ? [ref.email.toLowerCase()] : []));
  if (refs.length === 0) return [];
  const found = await sql<{ customer_key: string; currency: string; spent: string }>`
    SELECT coalesce(member_id::text, lower(email)) AS customer_key, currency,
      sum(total - coalesce((SELECT sum((r->>'amount')::numeric) FROM jsonb_array_elements(refunds) r), 0))::text AS spent
    FROM orders
    WHERE status <> 'CANCELED'
      AND (member_id::text = ANY(${memberIds}::text[]) OR (member_id IS NULL AND lower(email) = ANY(${emails}::text[])))
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return found.rows;
}

/** A customer's latest orders, newest first. */
export function findCustomerOrders(db: Kysely<Database>, ref: CustomerRef, limit: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where(ordersOf(ref).$castTo<boolean>())
    .orderBy('created_date', 'desc')
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The distinct addresses a customer's orders were shipped to, most recent first: orders sent with a
 * shipping option that is no pickup (a pickup's address is the one the buyer typed, where nothing went).
 */
export async function findShippedAddresses(db: Kysely<Database>, ref: CustomerRef, limit: number) {
  const found = await sql<{ address: Record<string, unknown> }>`
    SELECT address FROM (
      SELECT shipping_address AS address, max(created_date) AS last_used FROM orders
      WHERE ${ordersOf(ref)} AND shipping_address IS NOT NULL
        AND shipping_option IS NOT NULL AND shipping_option -> 'pickup' IS NULL
      GROUP BY shipping_address
    ) used ORDER BY last_used DESC LIMIT ${limit}`.execute(db);
  return found.rows.map((row) => row.address);
}

/** A member's profile and memberships (with their plans' names), newest first. */
export async function findMemberDetails(db: Kysely<Database>, memberId: string) {
  const [identity, memberships] = await Promise.all([
    db.selectFrom('identities').select(['id', 'profile']).where('id', '=', memberId).executeTakeFirst(),
    db
      .selectFrom('member_memberships as m')
      .innerJoin('membership_plans as p', 'p.id', 'm.plan_id')
      .select(['m.id', 'm.plan_id', 'p.name as plan_name', 'm.expires_at', 'm.credits_remaining', 'm.created_date'])
      .where('m.member_id', '=', memberId)
      .orderBy('m.created_date', 'desc')
      .execute(),
  ]);
  return { profile: identity?.profile, memberships };
}
