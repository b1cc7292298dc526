/** SQL of the shipping configuration: regions (countries, subdivisions) and their options. */
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, ShippingOptionsTable, ShippingRegionsTable } from '../../platform/db/schema.js';

export type RegionRow = Selectable<ShippingRegionsTable>;
export type OptionRow = Selectable<ShippingOptionsTable>;

/** The regions naming the country, and the rest-of-world ('*') regions, by position. */
export async function listRegionsFor(db: Kysely<Database>, country: string): Promise<RegionRow[]> {
  return db
    .selectFrom('shipping_regions')
    .selectAll()
    .where(sql<boolean>`(${country} = ANY(countries) OR '*' = ANY(countries))`)
    .orderBy('position')
    .orderBy('created_date')
    .orderBy('id')
    .execute();
}

export async function listRegions(db: Kysely<Database>): Promise<RegionRow[]> {
  return db.selectFrom('shipping_regions').selectAll().orderBy('position').orderBy('created_date').orderBy('id').execute();
}

export async function findRegion(db: Kysely<Database>, id: string): Promise<RegionRow | undefined> {
  return db.selectFrom('shipping_regions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRegionByName(db: Kysely<Database>, name: string): Promise<RegionRow | undefined> {
  return db.selectFrom('shipping_regions').selectAll().where('name', '=', name).orderBy('created_date').executeTakeFirst();
}

export async function insertRegion(db: Kysely<Database>, values: Insertable<ShippingRegionsTable>): Promise<RegionRow> {
  return db.insertInto('shipping_regions').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRegion(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<ShippingRegionsTable>,
): Promise<RegionRow | undefined> {
  return db.updateTable('shipping_regions').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes a region with its options (ON DELETE CASCADE). */
export async function deleteRegion(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('shipping_regions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The options of these regions, by region, position and code; `activeOnly` leaves out inactive ones. */
export async function listOptionsOf(db: Kysely<Database>, regionIds: string[], options: { activeOnly: boolean }): Promise<OptionRow[]> {
  if (regionIds.length === 0) return [];
  let query = db.selectFrom('shipping_options').selectAll().where('region_id', 'in', regionIds);
  if (options.activeOnly) query = query.where('active', '=', true);
  return query.orderBy('region_id').orderBy('position').orderBy('code').execute();
}

export async function findOption(db: Kysely<Database>, regionId: string, id: string): Promise<OptionRow | undefined> {
  return db.selectFrom('shipping_options').selectAll().where('region_id', '=', regionId).where('id', '=', id).executeTakeFirst();
}

export async function findOptionByCode(db: Kysely<Database>, code: string): Promise<OptionRow | undefined> {
  return db.selectFrom('shipping_options').selectAll().where('code', '=', code).executeTakeFirst();
}

/** @throws the unique violation of `shipping_options_code_key` when the code is taken */
export async function insertOption(db: Kysely<Database>, values: Insertable<ShippingOptionsTable>): Promise<OptionRow> {
  return db.insertInto('shipping_options').values(values).returningAll().executeTakeFirstOrThrow();
}

/** @throws the unique violation of `shipping_options_code_key` when the new code is taken */
export async function updateOption(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<ShippingOptionsTable>,
): Promise<OptionRow | undefined> {
  return db.updateTable('shipping_options').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteOption(db: Kysely<Database>, regionId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('shipping_options').where('region_id', '=', regionId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
