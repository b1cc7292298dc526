/**
 * The checkout as the hosted pages (checkout, card pay step) read it: views, never the store's rows,
 * and the reads and writes those pages make, each answering a view.
 */
import type { FrozenLine } from '../cart/checkout-port.js';
import type { MemberPrefill } from './member-prefill.js';
import type { CheckoutDetails, CheckoutQuote, CheckoutService, RecipientDetails } from './service.js';
import type { CheckoutRow } from './store.js';

/** An address as the checkout holds it (the wire address's fields, any of them missing). */
type HeldAddress = Record<string, string | undefined>;

/** A checkout as the hosted pages show it. */
export interface CheckoutView {
  id: string;
  status: 'OPEN' | 'COMPLETED';
  /** the order it became, once completed */
  orderId: string | null;
  lines: FrozenLine[];
  email: string | null;
  shippingAddress: HeldAddress | null;
  billingAddress: HeldAddress | null;
  /** who receives the order and who pays (null: the recipient) */
  contactInfo: { contactDetails?: RecipientDetails; billingContactDetails?: RecipientDetails | null } | null;
  selectedShippingOption: { code: string; carrierId?: string | null } | null;
}

/** A checkout's quote with the checkout as a view. */
export type CheckoutPageQuote = Omit<CheckoutQuote, 'checkout'> & { checkout: CheckoutView };

/** The view of a checkout row. */
function checkoutViewOf(row: CheckoutRow): CheckoutView {
  return {
    id: row.id,
    status: row.status,
    orderId: row.order_id,
    lines: row.line_items as unknown as FrozenLine[],
    email: row.email,
    shippingAddress: row.shipping_address as HeldAddress | null,
    billingAddress: row.billing_address as HeldAddress | null,
    contactInfo: row.contact_info as CheckoutView['contactInfo'],
    selectedShippingOption: row.selected_shipping_option,
  };
}

/** The quote with its checkout as a view. */
export function pageQuoteOf(quote: CheckoutQuote): CheckoutPageQuote {
  return { ...quote, checkout: checkoutViewOf(quote.checkout) };
}

export interface HostedCheckoutDeps {
  checkouts: Pick<CheckoutService, 'find' | 'saveDetails' | 'quote'>;
  /** fills a member's checkout with their details on its first showing */
  prefill: Pick<MemberPrefill, 'fill'>;
}

/** What the hosted checkout page reads and saves. */
export class HostedCheckout {
  constructor(private readonly deps: HostedCheckoutDeps) {}

  /** @throws DomainError CHECKOUT_NOT_FOUND */
  async find(id: string): Promise<CheckoutView> {
    return checkoutViewOf(await this.deps.checkouts.find(id));
  }

  /**
   * The checkout as the page shows it: a completed one alone; an open one filled with a member's
   * details on its first showing (the form's values) and quoted.
   * @throws DomainError CHECKOUT_NOT_FOUND
   */
  async show(id: string): Promise<{ checkout: CheckoutView; quote?: CheckoutPageQuote }> {
    const found = await this.deps.checkouts.find(id);
    if (found.status === 'COMPLETED') return { checkout: checkoutViewOf(found) };
    const checkout = await this.deps.prefill.fill(found);
    return { checkout: checkoutViewOf(checkout), quote: pageQuoteOf(await this.deps.checkouts.quote(checkout)) };
  }

  /**
   * Saves the buyer's details and answers the quote for them.
   * @throws DomainError CHECKOUT_NOT_FOUND
   */
  async save(id: string, details: CheckoutDetails): Promise<CheckoutPageQuote> {
    const saved = await this.deps.checkouts.saveDetails(id, details);
    return pageQuoteOf(await this.deps.checkouts.quote(saved));
  }

  /** @throws DomainError CHECKOUT_NOT_FOUND */
  async quote(id: string): Promise<CheckoutPageQuote> {
    return pageQuoteOf(await this.deps.checkouts.quote(id));
  }
}
