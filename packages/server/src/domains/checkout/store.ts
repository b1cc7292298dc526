/** SQL of checkouts and orders. Every function takes the transaction (or db) first; the service decides what absence means. */
import { type Kysely, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { containsPattern } from '../../platform/db/like-pattern.js';
import type { CheckoutsTable, Database, NewRow, OrdersTable, Row } from '../../platform/db/schema.js';
import type { OrderSearchFilter, OrderSort } from './schemas.js';

export type CheckoutRow = Row<'checkouts'>;
export type OrderRow = Row<'orders'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a checkout or an order (a UUID); other strings must not reach a uuid column. */
export const isEntityId = (id: string) => UUID.test(id);

// ---- checkouts

export function insertCheckout(db: Kysely<Database>, values: NewRow<'checkouts'>) {
  return db.insertInto('checkouts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findCheckout(db: Kysely<Database>, id: string) {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The checkout row, locked until the transaction ends (placements of one checkout are serialised). */
export function lockCheckout(db: Kysely<Database>, id: string) {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Changes an open checkout's buyer details; answers the row, or undefined when it is not open. */
export function updateOpenCheckout(db: Kysely<Database>, id: string, values: Updateable<CheckoutsTable>) {
  return db
    .updateTable('checkouts')
    .set({ ...values, updated_date: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Replaces an open checkout's lines by its cart's newer ones, unless another request did since it
 * read the checkout at `fromRevision`; answers the row, or undefined when nothing was changed.
 */
export function refreshCheckoutLines(
  db: Kysely<Database>,
  id: string,
  fromRevision: number,
  values: Pick<Updateable<CheckoutsTable>, 'cart_revision' | 'line_items' | 'merchant_discounts' | 'coupon_id'>,
) {
  return db
    .updateTable('checkouts')
    .set({ ...values, updated_date: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('cart_revision', '=', fromRevision)
    .returningAll()
    .executeTakeFirst();
}

export async function completeCheckout(db: Kysely<Database>, id: string, orderId: string): Promise<void> {
  await db
    .updateTable('checkouts')
    .set({ status: 'COMPLETED', order_id: orderId, updated_date: new Date() })
    .where('id', '=', id)
    .execute();
}

// ---- coupons (usage is counted by the order that uses one)

/** Counts one use of the coupon unless its usage limit is reached; answers whether it was counted. */
export async function countCouponUse(db: Kysely<Database>, couponId: string): Promise<boolean> {
  const row = await db
    .updateTable('coupons')
    .set({ times_used: sql<number>`times_used + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the coupon has reached its usage limit. */
export async function couponUsedUp(db: Kysely<Database>, couponId: string): Promise<boolean> {
  const coupon = await db.selectFrom('coupons').select(['usage_limit', 'times_used']).where('id', '=', couponId).executeTakeFirst();
  return !!coupon && coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit;
}

// ---- orders

export function insertOrder(db: Kysely<Database>, values: NewRow<'orders'>) {
  return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findOrder(db: Kysely<Database>, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The order by its number: bare (`"10001"`, numbers are unique without their prefix) or as the buyer
 * reads it (`"SHOP-10001"`, which must be the prefix it was placed with), when `number` is one.
 */
export function findOrderByNumber(db: Kysely<Database>, number: string) {
  const parts = orderNumberParts(number);
  return parts ? withNumber(db.selectFrom('orders').selectAll(), parts).executeTakeFirst() : Promise.resolve(undefined);
}

/** An order number's prefix ('' for none; a prefix never ends in a digit) and its sequence number. */
function orderNumberParts(number: string): { prefix: string; digits: string } | undefined {
  const parts = /^(.{0,12}?)(\d{1,18})$/.exec(number);
  return parts ? { prefix: parts[1] as string, digits: parts[2] as string } : undefined;
}

/** Whether an order has this number (its prefix too, when one is given). */
function isNumbered({ prefix, digits }: { prefix: string; digits: string }) {
  return prefix ? sql<boolean>`(number = ${digits}::bigint AND number_prefix = ${prefix})` : sql<boolean>`number = ${digits}::bigint`;
}

/** Narrowed to the order of this number (its prefix too, when one is given). */
function withNumber<O>(query: SelectQueryBuilder<Database, 'orders', O>, parts: { prefix: string; digits: string }) {
  return query.where(isNumbered(parts));
}

/** The order row, locked until the transaction ends (the merchant's changes of one order are serialised). */
export function lockOrder(db: Kysely<Database>, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Changes an order and moves its updatedDate to `at`; answers the row as it is now. */
export function updateOrder(db: Kysely<Database>, id: string, values: Updateable<OrdersTable>, at: Date) {
  return db
    .updateTable('orders')
    .set({ ...values, updated_date: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whose orders a search lists: one member's, one visitor's, or every order (merchants). */
export type OrderOwner = { memberId: string } | { visitorId: string } | 'all';

/** What a search asks for: whose orders, narrowed by the filter, in the sort's order (default newest first). */
export interface OrderSearch {
  owner: OrderOwner;
  filter?: OrderSearchFilter;
  sort?: OrderSort;
  page: { limit: number; offset: number };
}

const SORT_COLUMNS = { createdDate: 'created_date', number: 'number', total: 'total' } as const;

function narrowed<O>(query: SelectQueryBuilder<Database, 'orders', O>, owner: OrderOwner, filter: OrderSearchFilter = {}) {
  if (owner !== 'all')
    query = 'memberId' in owner ? query.where('member_id', '=', owner.memberId) : query.where('visitor_id', '=', owner.visitorId);
  if (filter.status) query = query.where('status', 'in', filter.status);
  if (filter.paymentStatus) query = query.where('payment_status', 'in', filter.paymentStatus);
  if (filter.fulfillmentStatus) query = query.where('fulfillment_status', 'in', filter.fulfillmentStatus);
  if (filter.createdDate?.from) query = query.where('created_date', '>=', new Date(filter.createdDate.from));
  if (filter.createdDate?.to) query = query.where('created_date', '<', new Date(filter.createdDate.to));
  if (filter.email) query = query.where('email', 'ilike', containsPattern(filter.email));
  const number = filter.number ? orderNumberParts(filter.number) : undefined;
  if (number) query = withNumber(query, number);
  if (filter.query) query = query.where(matchesQuery(filter.query));
  return query;
}

/** A contact's name in an order's `contact_info`, first name first. */
const contactName = (details: 'contactDetails' | 'billingContactDetails') =>
  sql.raw(`concat_ws(' ', contact_info->'${details}'->>'firstName', contact_info->'${details}'->>'lastName')`);

/** The merchant's search box: the order's number, or the buyer's e-mail or name (recipient or payer) contains the text. */
function matchesQuery(query: string) {
  const pattern = containsPattern(query);
  const number = orderNumberParts(query);
  const text = sql<boolean>`(email ILIKE ${pattern} OR ${contactName('contactDetails')} ILIKE ${pattern}
    OR ${contactName('billingContactDetails')} ILIKE ${pattern})`;
  return number ? sql<boolean>`(${isNumbered(number)} OR ${text})` : text;
}

/** A page of the orders a search asks for, and how many there are in all. */
export async function searchOrders(db: Kysely<Database>, search: OrderSearch) {
  const query = narrowed(db.selectFrom('orders'), search.owner, search.filter);
  const column = SORT_COLUMNS[search.sort?.fieldName ?? 'createdDate'];
  const direction = search.sort ? (search.sort.order === 'DESC' ? 'desc' : 'asc') : 'desc';
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(column, direction).orderBy('number', direction).limit(search.page.limit).offset(search.page.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function setOrderPaymentStatus(db: Kysely<Database>, id: string, status: OrderRow['payment_status']): Promise<void> {
  await db.updateTable('orders').set({ payment_status: status, updated_date: new Date() }).where('id', '=', id).execute();
}

/** The shipping address and contact info of the member's most recent order that was shipped to an address. */
export function findLatestShippedOrderOf(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('orders')
    .select(['shipping_address', 'contact_info'])
    .where('member_id', '=', memberId)
    .where('shipping_address', 'is not', null)
    .orderBy('created_date', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Gives the guest orders (no member) placed with `email` (any case) to the member; answers the orders it gave, as they are now. */
export function claimGuestOrders(db: Kysely<Database>, memberId: string, email: string) {
  return db
    .updateTable('orders')
    .set({ member_id: memberId, updated_date: new Date() })
    .where('member_id', 'is', null)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .returningAll()
    .execute();
}
