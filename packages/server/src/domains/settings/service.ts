/**
 * The shop's settings (issue #20): read by every part that shows the shop (hosted pages, e-mails,
 * payment providers) through `current()`, changed by the merchant API and the CLI through `update`.
 * A process remembers the settings for `MAX_AGE_MS` (`LoadingCache`): it forgets them at once when it
 * changes them itself; another process (a second server on the same PostgreSQL, the CLI) announces its
 * change in its writing transaction (topic `settings` of the change channel), heard as it commits;
 * `MAX_AGE_MS` bounds what a missed announcement (the listening connection down) leaves stale.
 */

import type { Kysely, Transaction } from 'kysely';
import { LoadingCache } from '../../platform/cache/loading-cache.js';
import type { ChangeChannel } from '../../platform/db/change-channel.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import { type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import type { ShopSettingsPatch } from './schemas.js';
import { PAYMENT_METHOD_IDS, type PaymentSettings, type ShopSettings } from './shop-settings.js';
import * as store from './store.js';
import { type SettingsFallback, settingsOf } from './views.js';

/** How stale another process's change may be seen here. */
const MAX_AGE_MS = 1000;

/** The environment's values an existing shop had before the settings were stored (copied in on the first start). */
export interface SettingsSeed extends SettingsFallback {
  /** PAYMENT_BANK_TRANSFER_INSTRUCTIONS */
  bankTransferInstructions?: string;
  /** STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: card turned on with them */
  card?: { secretKey: string; publishableKey: string; webhookSecret: string };
}

/** The one key of the cache, and the change channel's topic. */
const KEY = 'settings';

export class ShopSettingsService {
  // A LoadingCache: a change while a load is in flight lets that load answer its callers (and keeps
  // nothing), where a plain lru-cache fetch cut short by `clear()` rejected with "deleted" (#23).
  private readonly cache = new LoadingCache<ShopSettings>({ max: 1, ttl: MAX_AGE_MS });

  constructor(private readonly deps: { db: Kysely<Database>; seed: SettingsSeed; changes?: ChangeChannel }) {
    deps.changes?.subscribe(KEY, { changed: () => this.cache.forgetAll() });
  }

  /** The settings now (remembered up to `MAX_AGE_MS`; treat as read-only). */
  current(): Promise<ShopSettings> {
    return this.cache.get(KEY, () => this.load());
  }

  /** Copies the environment's values in, once: the first start after the settings moved to the database. */
  async seedFromConfig(): Promise<void> {
    const { seed } = this.deps;
    await transaction(this.deps.db, async (trx) => {
      const profile = await store.lockShopProfile(trx);
      if (profile.seeded_from_config) return;
      await store.updateShopProfile(trx, {
        shop_name: profile.shop_name ?? seed.shopName,
        sender_name: profile.sender_name ?? seed.sender.name,
        sender_email: profile.sender_email ?? seed.sender.email,
        seeded_from_config: true,
      });
      if (seed.bankTransferInstructions) {
        const payments = await this.paymentsIn(trx);
        await this.writeMethod(trx, 'bankTransfer', {
          ...payments,
          bankTransfer: { ...payments.bankTransfer, instructions: seed.bankTransferInstructions },
        });
      }
      if (seed.card) {
        const payments = await this.paymentsIn(trx);
        await this.writeMethod(trx, 'card', { ...payments, card: { enabled: true, ...seed.card } });
      }
      await this.deps.changes?.announce(trx, KEY);
    });
    this.cache.forgetAll();
  }

  /**
   * Changes the given settings; answers all of them.
   * @throws ValidationFailure every payment method turned off; the card on without its keys
   */
  async update(patch: ShopSettingsPatch): Promise<ShopSettings> {
    try {
      await transaction(this.deps.db, async (trx) => {
        await store.lockShopProfile(trx);
        const payments = mergePayments(await this.paymentsIn(trx), patch.payments ?? {});
        rejectBroken(payments);
        await store.updateShopProfile(trx, profileChange(patch));
        for (const method of Object.keys(patch.payments ?? {}) as (keyof PaymentSettings)[]) {
          await this.writeMethod(trx, method, payments);
        }
        await this.deps.changes?.announce(trx, KEY);
      });
    } finally {
      // Also after a failure: a write whose answer was lost may have committed.
      this.cache.forgetAll();
    }
    return this.current();
  }

  private async load(): Promise<ShopSettings> {
    const [profile, methods] = await Promise.all([store.findShopProfile(this.deps.db), store.listPaymentMethods(this.deps.db)]);
    return settingsOf(profile, methods, this.deps.seed);
  }

  private async paymentsIn(trx: Transaction<Database>): Promise<PaymentSettings> {
    return settingsOf(await store.findShopProfile(trx), await store.listPaymentMethods(trx), this.deps.seed).payments;
  }

  private async writeMethod(trx: Transaction<Database>, method: keyof PaymentSettings, payments: PaymentSettings): Promise<void> {
    const { enabled, ...details } = payments[method] as { enabled: boolean } & Record<string, string | null>;
    const { secretKey, webhookSecret, ...shown } = details;
    const secrets = method === 'card' ? { secretKey, webhookSecret } : {};
    await store.updatePaymentMethod(trx, PAYMENT_METHOD_IDS[method], {
      enabled,
      details: JSON.stringify(shown),
      secrets: JSON.stringify(secrets),
    });
  }
}

/** The columns a patch changes (left out: unchanged; null: cleared). */
function profileChange(patch: ShopSettingsPatch): store.ProfileChange {
  return definedOnly({
    shop_name: patch.shopName,
    contact_email: patch.contactEmail,
    address: patch.address === undefined ? undefined : patch.address === null ? null : JSON.stringify(patch.address),
    sender_name: patch.sender?.name,
    sender_email: patch.sender?.email,
    time_zone: patch.timeZone,
    order_number_prefix: patch.orderNumberPrefix,
  });
}

function mergePayments(before: PaymentSettings, patch: NonNullable<ShopSettingsPatch['payments']>): PaymentSettings {
  return {
    card: { ...before.card, ...definedOnly(patch.card ?? {}) },
    bankTransfer: { ...before.bankTransfer, ...definedOnly(patch.bankTransfer ?? {}) },
    cashOnDelivery: { ...before.cashOnDelivery, ...definedOnly(patch.cashOnDelivery ?? {}) },
    payAtPickup: { ...before.payAtPickup, ...definedOnly(patch.payAtPickup ?? {}) },
  };
}

/** Rules joining several fields: a shop keeps a way to be paid; the card needs its keys. */
function rejectBroken(payment: PaymentSettings): void {
  const violations: FieldViolation[] = [];
  if (!payment.card.enabled && !payment.bankTransfer.enabled && !payment.cashOnDelivery.enabled && !payment.payAtPickup.enabled) {
    violations.push({ field: 'payments', description: 'Keep at least one payment method turned on', violatedRule: 'VALIDATION' });
  }
  if (payment.card.enabled) {
    for (const key of ['publishableKey', 'secretKey', 'webhookSecret'] as const) {
      if (payment.card[key] === null) {
        violations.push({
          field: `payments.card.${key}`,
          description: 'Enter the key before turning card payments on',
          violatedRule: 'REQUIRED_FIELD',
        });
      }
    }
  }
  if (violations.length) throw new ValidationFailure(violations);
}

function definedOnly<T extends object>(object: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
