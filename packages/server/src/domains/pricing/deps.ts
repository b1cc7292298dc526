/** What the pricing services are built from, and the narrow view of the catalogue they need. */

import type { Kysely } from 'kysely';
import { LoadingCache } from '../../platform/cache/loading-cache.js';
import type { ChangeChannel } from '../../platform/db/change-channel.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import type { CatalogReadService } from '../catalog/read-service.js';
import type { OptionRow, RegionRow } from './shipping-store.js';
import type { SettingsRow, TaxRateRow } from './store.js';

/** Whether products and collections exist (coupons and plans name them in their scope). */
export interface CatalogIds {
  /** The ids among `ids` that name no product (kind PRODUCTS) or collection (COLLECTIONS). */
  unknownIds(kind: 'PRODUCTS' | 'COLLECTIONS', ids: string[]): Promise<string[]>;
}

export interface PricingDeps {
  db: Kysely<Database>;
  /** the shop currency (`config.catalog.currency`): every stored amount is in it */
  currency: string;
  catalog: CatalogIds;
  /** the clock validity is judged by (tests pass none: the real time) */
  now?: () => Date;
  /** the configuration remembered for cart answers (the service makes them; its admins forget them on change) */
  memos?: PricingMemos;
  /** where writes are announced to, and other processes' writes heard from (a shared PostgreSQL) */
  changes?: ChangeChannel;
}

/** The shipping configuration a country's addresses are matched against: its candidate regions and their active options. */
export interface CountryShipping {
  /** the regions naming the country and the rest-of-world ones, by position */
  regions: RegionRow[];
  /** the active options of those regions, by region, position and code */
  options: OptionRow[];
}

/**
 * Pricing configuration remembered for a moment, for `recent` reads: the tax settings, and the
 * shipping regions and tax rates of a country. Cart answers (estimate-totals, the cart's own totals)
 * read them on every request, and a round trip per request for rows that change a few times a year
 * is what kept the cart slow (bench/api-cart, #5). This process forgets them at once when it changes
 * them (the admins write through `writeRemembered`); another process on the same PostgreSQL (a second
 * server, the CLI) announces its write in the writing transaction (topic `pricing`, the memo's name as
 * key), heard by every process as it commits; `MAX_AGE_MS` bounds what a missed announcement (the
 * listening connection down) leaves stale. Checkout and order totals never use them: money that
 * is charged is computed from the stored rows.
 *
 * Shipping and tax are keyed by country, the only address field their queries filter on: matching the
 * rest of the address runs on every call, so any subdivision, city or postal code of a remembered
 * country is answered correctly.
 */
export interface PricingMemos {
  /** the one settings row, under the key '' */
  settings: LoadingCache<SettingsRow>;
  shipping: LoadingCache<CountryShipping>;
  tax: LoadingCache<TaxRateRow[]>;
}

/** How stale a remembered value may be (another process's change is seen within this). */
export const MAX_AGE_MS = 1000;

/** How many keys one memo holds at most: keys come from shoppers' addresses, so any string can be one. */
const MAX_KEYS = 2000;

/** One memo: up to `max` keys, each answered for `MAX_AGE_MS` from when it was read. */
export const recentMemo = <V extends {}>(now: () => number, max = MAX_KEYS) => new LoadingCache<V>({ max, ttl: MAX_AGE_MS, now });

/** The deps as the service hands them on: with the memos, which the shipping and tax admins forget on each write. */
export type MemoizedDeps = PricingDeps & { memos: PricingMemos };

/** The change channel's topic of the pricing configuration; its key is the memo a write touched. */
const PRICING_TOPIC = 'pricing';

/**
 * Runs a write of what `memo` remembers in a transaction that announces it to every process (heard as
 * it commits), then forgets `memo` here, also when the write failed (one whose answer was lost may have committed).
 */
export function writeRemembered<T>(deps: MemoizedDeps, memo: keyof PricingMemos, write: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const written = transaction(deps.db, async (trx) => {
    const result = await write(trx);
    await deps.changes?.announce(trx, PRICING_TOPIC, memo);
    return result;
  });
  return deps.memos[memo].forgetAllAfter(written);
}

/** Forgets, on each pricing announcement any process makes, the memo it names (all of them for an unknown name). */
export function followPricingChanges(changes: ChangeChannel, memos: PricingMemos): void {
  changes.subscribe(PRICING_TOPIC, {
    changed: (memo) => {
      if (memo in memos) memos[memo as keyof PricingMemos].forgetAll();
      else for (const each of Object.values(memos)) each.forgetAll();
    },
  });
}

/** Empty memos on this clock (tests pass one they move by hand). */
export function pricingMemos(now: () => number = Date.now): PricingMemos {
  return { settings: recentMemo(now), shipping: recentMemo(now), tax: recentMemo(now) };
}

/** The catalogue's read service as `CatalogIds` (merchant view: hidden products and collections exist too). */
export function catalogIdsOf(reads: Pick<CatalogReadService, 'getProduct' | 'getCollection'>): CatalogIds {
  const exists = (lookup: Promise<unknown>) =>
    lookup.then(
      () => true,
      (error: unknown) => {
        if (error instanceof DomainError && (error.code === 'PRODUCT_NOT_FOUND' || error.code === 'COLLECTION_NOT_FOUND')) return false;
        throw error;
      },
    );
  return {
    async unknownIds(kind, ids) {
      const unknown: string[] = [];
      for (const id of ids) {
        const found =
          kind === 'PRODUCTS'
            ? await exists(reads.getProduct(id, { merchant: true }))
            : await exists(reads.getCollection({ id }, { merchant: true }, 'v1'));
        if (!found) unknown.push(id);
      }
      return unknown;
    },
  };
}

/** @throws ValidationFailure naming `scopeIds[i]` for each id that is not an existing product or collection */
export async function requireScopeIds(catalog: CatalogIds, scope: string, ids: string[]): Promise<void> {
  if (scope === 'ALL' || ids.length === 0) return;
  const unknown = new Set(await catalog.unknownIds(scope as 'PRODUCTS' | 'COLLECTIONS', ids));
  const what = scope === 'PRODUCTS' ? 'product' : 'collection';
  const violations: FieldViolation[] = [];
  ids.forEach((id, i) => {
    if (unknown.has(id))
      violations.push({ field: `scopeIds[${i}]`, description: `is not an existing ${what}`, violatedRule: 'VALIDATION', data: { id } });
  });
  if (violations.length) throw new ValidationFailure(violations);
}

/** @throws ValidationFailure when there are violations */
export function rejectViolations(violations: FieldViolation[]): void {
  if (violations.length) throw new ValidationFailure(violations);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `s` can be looked up as a uuid column (anything else names nothing). */
export const isUuid = (text: string) => UUID.test(text);
