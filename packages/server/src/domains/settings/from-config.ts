/** What the environment said before the settings moved to the database (SHOP_NAME, MAIL_FROM, PAYMENT_BANK_TRANSFER_INSTRUCTIONS, STRIPE_*). */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { ChangeChannel } from '../../platform/db/change-channel.js';
import type { Database } from '../../platform/db/schema.js';
import { type SettingsSeed, ShopSettingsService } from './service.js';

type SeedConfig = Pick<Config, 'shopName' | 'mailFrom' | 'payments' | 'stripe'>;

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
const MAILBOX = /^\s*(?:"?([^"<]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;

/** The settings an existing shop had in its environment: the first start copies them in. */
function settingsSeedOf(config: SeedConfig): SettingsSeed {
  const [, name, address, bare] = MAILBOX.exec(config.mailFrom) ?? [];
  return {
    shopName: config.shopName,
    sender: { name: name || config.shopName, email: address ?? bare ?? 'no-reply@vitrine.localhost' },
    ...(config.payments.bankTransferInstructions ? { bankTransferInstructions: config.payments.bankTransferInstructions } : {}),
    ...(config.stripe.keys ? { card: config.stripe.keys } : {}),
  };
}

/** The settings service over a migrated database, the environment's values copied in on the first start. */
export async function openShopSettings(db: Kysely<Database>, config: SeedConfig, changes?: ChangeChannel) {
  const settings = new ShopSettingsService({ db, seed: settingsSeedOf(config), changes });
  await settings.seedFromConfig();
  return settings;
}
