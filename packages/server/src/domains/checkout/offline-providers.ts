/**
 * The offline ways to pay (issue #20): bank transfer (to the shop's account, the order number as the
 * reference), cash on delivery (deliveries only) and pay at pickup (pickups only). Each is on or off
 * in the shop settings; the order waits for the money (NOT_PAID) until the merchant marks it paid.
 */
import { friendlyFormatIBAN } from 'ibantools';
import type { BankDetails, PaymentSettings } from '../settings/shop-settings.js';
import type { PaymentOrder, PaymentProvider } from './payments.js';

/** The bank-transfer text of a shop that entered no bank details: what happens next depends on whether the order is sent or collected. */
const DEFAULT_BANK_TRANSFER_INSTRUCTIONS =
  'Please transfer {total} to the shop’s bank account and write the order number {number} as the reference.';
const AFTER_THE_TRANSFER = {
  sent: 'We ship once the payment arrives.',
  collected: 'Your order will be ready for pickup once the payment arrives.',
};

/** What stands for the order number before there is one. */
const NUMBER_TO_COME = '(shown as soon as you place the order)';

/** Fills `{number}` and `{total}` (the formatted amount) in a merchant's text. */
function fill(template: string, order: PaymentOrder): string {
  return template.replaceAll('{number}', order.number ?? NUMBER_TO_COME).replaceAll('{total}', order.formattedTotal);
}

const notPaid = async () => ({ paymentStatus: 'NOT_PAID' as const });

/** The account lines the buyer copies into their bank's form, one per detail entered. */
function accountLines(bank: BankDetails): string[] {
  const lines: [string, string | null][] = [
    ['Account holder', bank.accountHolder],
    ['IBAN', bank.iban && friendlyFormatIBAN(bank.iban)],
    ['Account number', bank.accountNumber],
    ['BIC', bank.bic],
    ['Routing number', bank.routingNumber],
    ['Bank', bank.bankName],
  ];
  return lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}

/** Bank transfer: offered for every checkout; the instructions name the account, the amount and the reference. */
export function bankTransferProvider(settings: PaymentSettings['bankTransfer']): PaymentProvider {
  const account = accountLines(settings);
  return {
    id: 'bank-transfer',
    title: 'Bank transfer',
    enabled: settings.enabled,
    online: false,
    offers: () => true,
    instructions(order) {
      if (account.length === 0)
        return fill(
          settings.instructions ?? `${DEFAULT_BANK_TRANSFER_INSTRUCTIONS} ${AFTER_THE_TRANSFER[order.pickup ? 'collected' : 'sent']}`,
          order,
        );
      const transfer = [`Please transfer ${order.formattedTotal} to:`, ...account, `Reference: ${order.number ?? NUMBER_TO_COME}`];
      return [...transfer, ...(settings.instructions ? [fill(settings.instructions, order)] : [])].join('\n');
    },
    start: notPaid,
  };
}

/** Cash on delivery: offered only when the order is delivered (not for a pickup). */
function cashOnDeliveryProvider(settings: PaymentSettings['cashOnDelivery']): PaymentProvider {
  return {
    id: 'cash-on-delivery',
    title: 'Cash on delivery',
    enabled: settings.enabled,
    online: false,
    offers: (checkout) => !checkout.pickup,
    instructions: (order) =>
      `Please pay ${order.formattedTotal} in cash when ${order.number ? `order ${order.number}` : 'your order'} is delivered.`,
    start: notPaid,
  };
}

/** Pay at pickup: offered only when the buyer collects the order (a PICKUP shipping option). */
function payAtPickupProvider(settings: PaymentSettings['payAtPickup']): PaymentProvider {
  return {
    id: 'pay-on-pickup',
    title: 'Pay on pickup',
    enabled: settings.enabled,
    online: false,
    offers: (checkout) => checkout.pickup,
    instructions: (order) =>
      `Please pay ${order.formattedTotal} when you collect ${order.number ? `order ${order.number}` : 'your order'}.`,
    start: notPaid,
  };
}

/** The offline providers in the order the page lists them. */
export function offlineProviders(payments: PaymentSettings): PaymentProvider[] {
  return [
    bankTransferProvider(payments.bankTransfer),
    cashOnDeliveryProvider(payments.cashOnDelivery),
    payAtPickupProvider(payments.payAtPickup),
  ];
}
