/**
 * The shop settings form's state and conversions: every field kept as typed, checked before sending
 * where the browser can tell (required texts, e-mail addresses, the time zone, the prefix), the
 * server's refusals (an IBAN, a BIC) put back beside their fields.
 */
import type { ShopSettings } from '@vitrine/sdk';

export interface ShopSettingsDraft {
  shopName: string;
  contactEmail: string;
  addressLine: string;
  city: string;
  postalCode: string;
  subdivision: string;
  country: string;
  senderName: string;
  senderEmail: string;
  timeZone: string;
  orderNumberPrefix: string;
  bankTransfer: boolean;
  accountHolder: string;
  iban: string;
  accountNumber: string;
  bic: string;
  routingNumber: string;
  bankName: string;
  bankInstructions: string;
  cashOnDelivery: boolean;
  payAtPickup: boolean;
  card: boolean;
  publishableKey: string;
  /** typed to replace the stored one; empty: unchanged */
  secretKey: string;
  /** typed to replace the stored one; empty: unchanged */
  webhookSecret: string;
}

type ShopSettingsField = keyof ShopSettingsDraft | 'payments';
export type ShopSettingsErrors = Partial<Record<ShopSettingsField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PREFIX = /^([A-Za-z0-9-]{0,11}[A-Za-z-])?$/;

/** Whether the browser knows the IANA time zone (the server checks it the same way). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z]/.test(name);
  } catch {
    return false;
  }
}

export function shopSettingsDraftOf(settings: ShopSettings): ShopSettingsDraft {
  const bank = settings.payments?.bankTransfer ?? {};
  const card = settings.payments?.card ?? {};
  return {
    shopName: settings.shopName ?? '',
    contactEmail: settings.contactEmail ?? '',
    addressLine: settings.address?.addressLine1 ?? '',
    city: settings.address?.city ?? '',
    postalCode: settings.address?.postalCode ?? '',
    subdivision: settings.address?.subdivision ?? '',
    country: settings.address?.country ?? '',
    senderName: settings.sender?.name ?? '',
    senderEmail: settings.sender?.email ?? '',
    timeZone: settings.timeZone ?? 'UTC',
    orderNumberPrefix: settings.orderNumberPrefix ?? '',
    bankTransfer: !!bank.enabled,
    accountHolder: bank.accountHolder ?? '',
    // grouped by four, as printed on bank statements
    iban: (bank.iban ?? '').replace(/(.{4})(?=.)/g, '$1 '),
    accountNumber: bank.accountNumber ?? '',
    bic: bank.bic ?? '',
    routingNumber: bank.routingNumber ?? '',
    bankName: bank.bankName ?? '',
    bankInstructions: bank.instructions ?? '',
    cashOnDelivery: !!settings.payments?.cashOnDelivery?.enabled,
    payAtPickup: !!settings.payments?.payAtPickup?.enabled,
    card: !!card.enabled,
    publishableKey: card.publishableKey ?? '',
    secretKey: '',
    webhookSecret: '',
  };
}

/** A typed text, or null when left empty (the server clears it). */
const textOrNull = (typed: string) => typed.trim() || null;

/** The settings to send, or the problems by field. */
export function shopSettingsOf(draft: ShopSettingsDraft): { value: ShopSettings } | { errors: ShopSettingsErrors } {
  const errors: ShopSettingsErrors = {};
  if (!draft.shopName.trim()) errors.shopName = 'Name the shop: buyers see it on every page and e-mail.';
  if (draft.contactEmail.trim() && !EMAIL.test(draft.contactEmail.trim()))
    errors.contactEmail = 'An e-mail address, like hello@shop.example.';
  if (!draft.senderName.trim()) errors.senderName = 'The name e-mails come from, like the shop’s.';
  if (!EMAIL.test(draft.senderEmail.trim())) errors.senderEmail = 'An e-mail address, like orders@shop.example.';
  if (!isTimeZone(draft.timeZone)) errors.timeZone = 'Choose a time zone from the list.';
  if (!PREFIX.test(draft.orderNumberPrefix.trim()))
    errors.orderNumberPrefix = 'Up to 12 letters, digits or dashes, not ending in a digit, like SHOP-.';
  const address = [draft.addressLine, draft.city, draft.postalCode, draft.subdivision, draft.country].some((part) => part.trim());
  if (address && !/^[A-Za-z]{2}$/.test(draft.country.trim())) errors.country = 'Two letters, like US or DE.';
  if (!draft.bankTransfer && !draft.cashOnDelivery && !draft.payAtPickup && !draft.card)
    errors.payments = 'Keep at least one way to pay turned on.';
  if (Object.keys(errors).length) return { errors };
  return {
    value: {
      shopName: draft.shopName.trim(),
      contactEmail: textOrNull(draft.contactEmail),
      address: address
        ? {
            addressLine1: textOrNull(draft.addressLine),
            city: textOrNull(draft.city),
            postalCode: textOrNull(draft.postalCode),
            subdivision: textOrNull(draft.subdivision),
            country: draft.country.trim().toUpperCase(),
          }
        : null,
      sender: { name: draft.senderName.trim(), email: draft.senderEmail.trim() },
      timeZone: draft.timeZone,
      orderNumberPrefix: draft.orderNumberPrefix.trim(),
      payments: {
        bankTransfer: {
          enabled: draft.bankTransfer,
          accountHolder: textOrNull(draft.accountHolder),
          iban: textOrNull(draft.iban),
          accountNumber: textOrNull(draft.accountNumber),
          bic: textOrNull(draft.bic),
          routingNumber: textOrNull(draft.routingNumber),
          bankName: textOrNull(draft.bankName),
          instructions: textOrNull(draft.bankInstructions),
        },
        cashOnDelivery: { enabled: draft.cashOnDelivery },
        payAtPickup: { enabled: draft.payAtPickup },
        card: {
          enabled: draft.card,
          publishableKey: textOrNull(draft.publishableKey),
          ...(draft.secretKey.trim() ? { secretKey: draft.secretKey.trim() } : {}),
          ...(draft.webhookSecret.trim() ? { webhookSecret: draft.webhookSecret.trim() } : {}),
        },
      },
    },
  };
}

/** The form's field of a field the server refused (`settings.payments.bankTransfer.iban` → `iban`). */
const SERVER_FIELDS: Record<string, ShopSettingsField> = {
  shopName: 'shopName',
  contactEmail: 'contactEmail',
  'address.addressLine': 'addressLine',
  'address.city': 'city',
  'address.postalCode': 'postalCode',
  'address.subdivision': 'subdivision',
  'address.country': 'country',
  'sender.name': 'senderName',
  'sender.email': 'senderEmail',
  timeZone: 'timeZone',
  orderNumberPrefix: 'orderNumberPrefix',
  payments: 'payments',
  'payments.bankTransfer.accountHolder': 'accountHolder',
  'payments.bankTransfer.iban': 'iban',
  'payments.bankTransfer.accountNumber': 'accountNumber',
  'payments.bankTransfer.bic': 'bic',
  'payments.bankTransfer.routingNumber': 'routingNumber',
  'payments.bankTransfer.bankName': 'bankName',
  'payments.bankTransfer.instructions': 'bankInstructions',
  'payments.card.publishableKey': 'publishableKey',
  'payments.card.secretKey': 'secretKey',
  'payments.card.webhookSecret': 'webhookSecret',
};

/** Each field as a merchant names it, the subject of the server's refusal beside it ("This IBAN is not valid…"). */
const FIELD_NAMES: Record<ShopSettingsField, string> = {
  shopName: 'shop name',
  contactEmail: 'contact e-mail',
  addressLine: 'street and number',
  city: 'city',
  postalCode: 'postal code',
  subdivision: 'region code',
  country: 'country code',
  senderName: 'sender name',
  senderEmail: 'sender address',
  timeZone: 'time zone',
  orderNumberPrefix: 'order-number prefix',
  bankTransfer: 'bank transfer',
  accountHolder: 'account holder',
  iban: 'IBAN',
  accountNumber: 'account number',
  bic: 'BIC',
  routingNumber: 'routing number',
  bankName: 'bank name',
  bankInstructions: 'note',
  cashOnDelivery: 'cash on delivery',
  payAtPickup: 'pay at pickup',
  card: 'card payment',
  publishableKey: 'publishable key',
  secretKey: 'secret key',
  webhookSecret: 'webhook secret',
  payments: 'choice of payment methods',
};

/** The server's field violations by form field, when every one has a field on the form (else undefined: shown as the form's problem). */
export function serverFieldErrors(error: unknown): ShopSettingsErrors | undefined {
  const violations = (error as { details?: { validationError?: { fieldViolations?: { field: string; description: string }[] } } })?.details
    ?.validationError?.fieldViolations;
  if (!violations?.length) return undefined;
  const errors: ShopSettingsErrors = {};
  for (const violation of violations) {
    const field = SERVER_FIELDS[violation.field.replace(/^settings\./, '')];
    if (!field) return undefined;
    // The server's description is a predicate on the field ("is not valid: …"): it takes the field as subject.
    errors[field] = `This ${FIELD_NAMES[field]} ${violation.description}.`;
  }
  return errors;
}
