/**
 * How the shop is paid, as the cart reports it on its lines (the spec's `paymentOption`): the
 * checkout domain's payment providers answer it from the shop settings (`services.ts`).
 */
import type { LinePaymentOption } from './totals/model.js';

export interface PaymentOptionsPort {
  /** FULL_PAYMENT_ONLINE when a way to pay online (a card) is turned on, else FULL_PAYMENT_OFFLINE. Reads: call it outside any transaction. */
  linePaymentOption(): Promise<LinePaymentOption>;
}
