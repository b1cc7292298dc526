/** The stored rows as the server's `ShopSettings`, and those as the merchant API answers them (no secrets). */
import type { WireAddress } from '../checkout/schemas.js';
import type { WireShopSettings } from './schemas.js';
import type { BankDetails, MailSender, PaymentSettings, ShopSettings } from './shop-settings.js';
import type { PaymentMethodRow, ShopProfileRow } from './store.js';

/** What stands in for a detail the shop has never stored (the config's values). */
export interface SettingsFallback {
  shopName: string;
  sender: MailSender;
}

const BANK_FIELDS = ['accountHolder', 'iban', 'accountNumber', 'bic', 'routingNumber', 'bankName', 'instructions'] as const;

function textOf(bag: Record<string, unknown>, key: string): string | null {
  const value = bag[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

function bankDetailsOf(details: Record<string, unknown>): BankDetails {
  return Object.fromEntries(BANK_FIELDS.map((field) => [field, textOf(details, field)])) as unknown as BankDetails;
}

/** The payment methods' rows as settings (a missing row is a method turned off). */
function paymentSettingsOf(rows: PaymentMethodRow[]): PaymentSettings {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const enabled = (id: PaymentMethodRow['id']) => byId.get(id)?.enabled ?? false;
  const card = byId.get('card');
  return {
    card: {
      enabled: enabled('card'),
      publishableKey: textOf(card?.details ?? {}, 'publishableKey'),
      secretKey: textOf(card?.secrets ?? {}, 'secretKey'),
      webhookSecret: textOf(card?.secrets ?? {}, 'webhookSecret'),
    },
    bankTransfer: { enabled: enabled('bank-transfer'), ...bankDetailsOf(byId.get('bank-transfer')?.details ?? {}) },
    cashOnDelivery: { enabled: enabled('cash-on-delivery') },
    payAtPickup: { enabled: enabled('pay-on-pickup') },
  };
}

export function settingsOf(profile: ShopProfileRow, methods: PaymentMethodRow[], fallback: SettingsFallback): ShopSettings {
  const updated = new Date(Math.max(profile.updated_date.getTime(), ...methods.map((method) => method.updated_date.getTime())));
  return {
    shopName: profile.shop_name ?? fallback.shopName,
    contactEmail: profile.contact_email,
    address: (profile.address as WireAddress | null) ?? null,
    sender: profile.sender_name && profile.sender_email ? { name: profile.sender_name, email: profile.sender_email } : fallback.sender,
    timeZone: profile.time_zone,
    orderNumberPrefix: profile.order_number_prefix,
    payments: paymentSettingsOf(methods),
    updatedDate: updated,
  };
}

/** The settings as the merchant reads them: the card's secrets only as "set" or not. */
export function wireSettingsOf(settings: ShopSettings): WireShopSettings {
  const { secretKey, webhookSecret, ...card } = settings.payments.card;
  return {
    ...settings,
    payments: { ...settings.payments, card: { ...card, secretKeySet: secretKey !== null, webhookSecretSet: webhookSecret !== null } },
    updatedDate: settings.updatedDate.toISOString(),
  };
}
