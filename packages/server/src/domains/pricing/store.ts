/**
 * SQL of the pricing configuration: shop settings, coupons, tax rates, membership plans and the
 * memberships members hold (shipping is in `shipping-store.ts`). Store functions take `db` or a
 * transaction first and decide nothing: "not found" and validity are the service's.
 */
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { likeLiteral } from '../../platform/db/like-pattern.js';
import type {
  CouponsTable,
  Database,
  MemberMembershipsTable,
  MembershipPlansTable,
  ShopSettingsTable,
  TaxRatesTable,
} from '../../platform/db/schema.js';

export type SettingsRow = Selectable<ShopSettingsTable>;
export type CouponRow = Selectable<CouponsTable>;
export type TaxRateRow = Selectable<TaxRatesTable>;
export type PlanRow = Selectable<MembershipPlansTable>;
export type MembershipRow = Selectable<MemberMembershipsTable>;
/** A membership with the plan it is of and its member's e-mail. */
export type HeldMembershipRow = MembershipRow & {
  member_email: string;
  plan_name: string;
  plan_scope: PlanRow['scope'];
  plan_scope_ids: string[];
  plan_credits: number | null;
  plan_active: boolean;
};

/** Whether `e` is PostgreSQL's unique violation (23505) of the named index or constraint. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  const databaseError = error as { code?: string; constraint?: string } | null;
  return databaseError?.code === '23505' && databaseError.constraint === name;
}

// ---- shop settings (one row, created by the migration)

export async function findSettings(db: Kysely<Database>): Promise<SettingsRow> {
  return db.selectFrom('shop_settings').selectAll().executeTakeFirstOrThrow();
}

export async function updateSettings(db: Kysely<Database>, patch: Updateable<ShopSettingsTable>): Promise<SettingsRow> {
  return db
    .updateTable('shop_settings')
    .set({ ...patch, updated_date: sql`now()` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- coupons

export async function findCouponByCode(db: Kysely<Database>, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where(sql<boolean>`lower(code) = lower(${code})`).executeTakeFirst();
}

export async function findCoupon(db: Kysely<Database>, id: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Coupons newest first; `code` filters by a case-insensitive prefix. */
export async function listCoupons(db: Kysely<Database>, options: { limit: number; offset: number; code?: string }): Promise<CouponRow[]> {
  let query = db.selectFrom('coupons').selectAll();
  if (options.code) query = query.where(sql<boolean>`lower(code) LIKE ${`${likeLiteral(options.code.toLowerCase())}%`}`);
  return query.orderBy('created_date', 'desc').orderBy('id').limit(options.limit).offset(options.offset).execute();
}

export async function countCoupons(db: Kysely<Database>, code?: string): Promise<number> {
  let query = db.selectFrom('coupons').select((eb) => eb.fn.countAll<string>().as('n'));
  if (code) query = query.where(sql<boolean>`lower(code) LIKE ${`${likeLiteral(code.toLowerCase())}%`}`);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** @throws the unique violation of `coupons_code_key` when the code is taken */
export async function insertCoupon(db: Kysely<Database>, values: Insertable<CouponsTable>): Promise<CouponRow> {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

/** @throws the unique violation of `coupons_code_key` when the new code is taken */
export async function updateCoupon(db: Kysely<Database>, id: string, patch: Updateable<CouponsTable>): Promise<CouponRow | undefined> {
  return db
    .updateTable('coupons')
    .set({ ...patch, updated_date: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteCoupon(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Orders (not canceled) placed with the coupon by this member or this e-mail (case-insensitive). */
export async function countCouponOrders(
  db: Kysely<Database>,
  couponId: string,
  customer: { memberId?: string; email?: string },
): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('status', '<>', 'CANCELED')
    .where((eb) => {
      const who = [];
      if (customer.memberId) who.push(eb('member_id', '=', customer.memberId));
      if (customer.email) who.push(eb(sql`lower(email)`, '=', customer.email.toLowerCase()));
      return eb.or(who);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- tax rates

/** The rates of a country (the service keeps those whose place contains the address). */
export async function listTaxRatesOfCountry(db: Kysely<Database>, country: string): Promise<TaxRateRow[]> {
  return db.selectFrom('tax_rates').selectAll().where('country', '=', country).orderBy('created_date').orderBy('id').execute();
}

/** Every rate, by country, then as created; `country` narrows. */
export async function listTaxRates(db: Kysely<Database>, country?: string): Promise<TaxRateRow[]> {
  let query = db.selectFrom('tax_rates').selectAll();
  if (country) query = query.where('country', '=', country);
  return query.orderBy('country').orderBy('created_date').orderBy('id').execute();
}

export async function findTaxRate(db: Kysely<Database>, id: string): Promise<TaxRateRow | undefined> {
  return db.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTaxRate(db: Kysely<Database>, values: Insertable<TaxRatesTable>): Promise<TaxRateRow> {
  return db.insertInto('tax_rates').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateTaxRate(db: Kysely<Database>, id: string, patch: Updateable<TaxRatesTable>): Promise<TaxRateRow | undefined> {
  return db.updateTable('tax_rates').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteTaxRate(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('tax_rates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- membership plans and memberships

export async function listPlans(db: Kysely<Database>): Promise<PlanRow[]> {
  return db.selectFrom('membership_plans').selectAll().orderBy('created_date').orderBy('id').execute();
}

export async function findPlan(db: Kysely<Database>, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('membership_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPlanByName(db: Kysely<Database>, name: string): Promise<PlanRow | undefined> {
  return db.selectFrom('membership_plans').selectAll().where('name', '=', name).orderBy('created_date').executeTakeFirst();
}

export async function insertPlan(db: Kysely<Database>, values: Insertable<MembershipPlansTable>): Promise<PlanRow> {
  return db.insertInto('membership_plans').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updatePlan(db: Kysely<Database>, id: string, patch: Updateable<MembershipPlansTable>): Promise<PlanRow | undefined> {
  return db.updateTable('membership_plans').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deletePlan(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('membership_plans').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function memberExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('identities').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The member with this e-mail (case-insensitive): the CLI's `--member <email>`, the API's `memberEmail`. */
export async function findMemberIdByEmail(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('identities').select('id').where(sql<boolean>`lower(email) = lower(${email})`).executeTakeFirst();
  return row?.id;
}

export async function insertMembership(db: Kysely<Database>, values: Insertable<MemberMembershipsTable>): Promise<MembershipRow> {
  return db.insertInto('member_memberships').values(values).returningAll().executeTakeFirstOrThrow();
}

function heldMemberships(db: Kysely<Database>) {
  return (
    db
      .selectFrom('member_memberships as m')
      .innerJoin('membership_plans as p', 'p.id', 'm.plan_id')
      // the e-mail alone: identities also hold password hashes
      .innerJoin('identities as i', 'i.id', 'm.member_id')
      .selectAll('m')
      .select([
        'i.email as member_email',
        'p.name as plan_name',
        'p.scope as plan_scope',
        'p.scope_ids as plan_scope_ids',
        'p.credits as plan_credits',
        'p.active as plan_active',
      ])
  );
}

/** A member's memberships with their plans, oldest first. */
export async function listMembershipsOf(db: Kysely<Database>, memberId: string): Promise<HeldMembershipRow[]> {
  return heldMemberships(db).where('m.member_id', '=', memberId).orderBy('m.created_date').orderBy('m.id').execute();
}

/** Which memberships a list is of: a member's, a plan's, or that member's of that plan. */
export interface MembershipKeys {
  memberId?: string;
  planId?: string;
}

/** The memberships of a member and/or a plan, oldest first, a page of them. */
export async function listMemberships(
  db: Kysely<Database>,
  keys: MembershipKeys,
  page: { limit: number; offset: number },
): Promise<HeldMembershipRow[]> {
  let query = heldMemberships(db);
  if (keys.memberId) query = query.where('m.member_id', '=', keys.memberId);
  if (keys.planId) query = query.where('m.plan_id', '=', keys.planId);
  return query.orderBy('m.created_date').orderBy('m.id').limit(page.limit).offset(page.offset).execute();
}

export async function countMemberships(db: Kysely<Database>, keys: MembershipKeys): Promise<number> {
  let query = db.selectFrom('member_memberships').select((eb) => eb.fn.countAll<string>().as('n'));
  if (keys.memberId) query = query.where('member_id', '=', keys.memberId);
  if (keys.planId) query = query.where('plan_id', '=', keys.planId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function findMembership(db: Kysely<Database>, id: string): Promise<HeldMembershipRow | undefined> {
  return heldMemberships(db).where('m.id', '=', id).executeTakeFirst();
}

export async function deleteMembership(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('member_memberships').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
