/** The payment-provider port made from the shop settings (#20). */
import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '../settings/shop-settings.js';
import { bankTransferProvider } from './offline-providers.js';
import { type PaymentProvider, PaymentProviderSource } from './payments.js';

const OFFLINE: PaymentSettings = {
  card: { enabled: false, publishableKey: null, secretKey: null, webhookSecret: null },
  bankTransfer: {
    enabled: true,
    accountHolder: null,
    iban: null,
    accountNumber: null,
    bic: null,
    routingNumber: null,
    bankName: null,
    instructions: null,
  },
  cashOnDelivery: { enabled: true },
  payAtPickup: { enabled: false },
};

/** An online provider as a card processor adds one: on when the settings' card is. */
const cardProvider = (payments: PaymentSettings): PaymentProvider => ({
  id: 'card',
  title: 'Card',
  enabled: payments.card.enabled,
  online: true,
  offers: () => true,
  instructions: () => '',
  start: async () => ({ paymentStatus: 'PAID' }),
});

const source = (payments: PaymentSettings) => new PaymentProviderSource({ current: async () => ({ payments }) }, [cardProvider]);

describe('PaymentProviderSource (#20)', () => {
  it('offers the providers turned on that fit the delivery, online ones first', async () => {
    const enabled = { ...OFFLINE, card: { ...OFFLINE.card, enabled: true } };
    expect((await source(enabled).providers()).offered({ pickup: false }).map((paymentProvider) => paymentProvider.id)).toEqual([
      'card',
      'bank-transfer',
      'cash-on-delivery',
    ]);
    expect((await source(enabled).providers()).offered({ pickup: true }).map((paymentProvider) => paymentProvider.id)).toEqual([
      'card',
      'bank-transfer',
    ]);
    expect((await source(OFFLINE).providers()).offered({ pickup: false }).map((paymentProvider) => paymentProvider.id)).toEqual([
      'bank-transfer',
      'cash-on-delivery',
    ]);
  });

  it('finds a provider turned off (an order keeps the one it used)', async () => {
    expect((await source(OFFLINE).providers()).find('pay-on-pickup')?.title).toBe('Pay on pickup');
  });

  it('reports lines paid online only while an online provider is on', async () => {
    expect(await source(OFFLINE).linePaymentOption()).toBe('FULL_PAYMENT_OFFLINE');
    expect(await source({ ...OFFLINE, card: { ...OFFLINE.card, enabled: true } }).linePaymentOption()).toBe('FULL_PAYMENT_ONLINE');
  });
});

describe('the bank transfer’s instructions', () => {
  const order = { number: '10001', total: '26.00', formattedTotal: '$26.00', currency: 'USD' };

  it('say what happens once the money arrives: a parcel is sent, a pickup is made ready', () => {
    const transfer = bankTransferProvider(OFFLINE.bankTransfer);
    const askedFor = 'Please transfer $26.00 to the shop’s bank account and write the order number 10001 as the reference.';
    expect(transfer.instructions({ ...order, pickup: false })).toBe(`${askedFor} We ship once the payment arrives.`);
    expect(transfer.instructions({ ...order, pickup: true })).toBe(
      `${askedFor} Your order will be ready for pickup once the payment arrives.`,
    );
  });

  it('keep the merchant’s own text as written, with the number and the total filled in', () => {
    const instructions = 'Pay {total} within 14 days, reference {number}.';
    const transfer = bankTransferProvider({ ...OFFLINE.bankTransfer, instructions });
    expect(transfer.instructions({ ...order, pickup: true })).toBe('Pay $26.00 within 14 days, reference 10001.');
  });
});
