/**
 * The merchant's customers (issue #24): everyone who ordered or registered, members by id and guests
 * by e-mail, with what they ordered and spent; a customer's page with their orders, addresses and
 * membership plans.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { formatMoney, toDecimal, toMinor } from '../../platform/money/money.js';
import { type PriceFormat, toWireOrder } from '../checkout/order-view.js';
import type { PaymentProviderSource } from '../checkout/payments.js';
import { CustomerErrors } from './errors.js';
import type { CustomerAddress, CustomerDetails, SearchCustomersQuery, WireCustomer } from './schemas.js';
import * as store from './store.js';

export interface CustomerDeps {
  db: Kysely<Database>;
  price: PriceFormat;
  payments: Pick<PaymentProviderSource, 'providers'>;
}

/** How many of a customer's latest orders and order addresses their page shows. */
const DETAIL_LIMITS = { orders: 100, addresses: 20 };

const refOf = (row: store.CustomerRow): store.CustomerRef => (row.member_id ? { memberId: row.member_id } : { email: row.email });
const keyOf = (ref: store.CustomerRef) => ('memberId' in ref ? ref.memberId : ref.email.toLowerCase());

type Spent = Awaited<ReturnType<typeof store.spentByCustomer>>;

/** The customer as the wire carries it, with what they spent per currency. */
function toWireCustomer(row: store.CustomerRow, spent: Spent): WireCustomer {
  const key = keyOf(refOf(row));
  return {
    id: row.id,
    kind: row.member_id ? 'MEMBER' : 'GUEST',
    ...(row.member_id ? { memberId: row.member_id } : {}),
    email: row.email,
    ...(row.first_name ? { firstName: row.first_name } : {}),
    ...(row.last_name ? { lastName: row.last_name } : {}),
    ...(row.registered_date ? { registeredDate: row.registered_date.toISOString() } : {}),
    orderCount: row.order_count,
    totalSpent: spent
      .filter((spend) => spend.customer_key === key)
      .map((spend) => {
        const minor = toMinor(spend.spent, spend.currency);
        return { currency: spend.currency, amount: toDecimal(minor, spend.currency), formattedAmount: formatMoney(minor, spend.currency) };
      }),
    ...(row.last_order_date ? { lastOrderDate: row.last_order_date.toISOString() } : {}),
  };
}

/** A stored address (profile or order) in the answer's shape: its texts only. */
function addressOf(source: CustomerAddress['source'], stored: Record<string, unknown>, tag?: string): CustomerAddress {
  const fields = ['addressLine', 'addressLine2', 'city', 'subdivision', 'postalCode', 'country', 'formattedAddress'] as const;
  const address: CustomerAddress['address'] = {};
  for (const field of fields) if (typeof stored[field] === 'string' && stored[field]) address[field] = stored[field];
  return { source, ...(tag ? { tag } : {}), address };
}

interface ProfileAddress {
  tag?: string;
  address?: Record<string, unknown>;
}

export class CustomerService {
  constructor(private readonly deps: CustomerDeps) {}

  /** A page of customers, the latest active first, with how many match in all. */
  async search(query: SearchCustomersQuery) {
    const { rows, total } = await store.searchCustomers(this.deps.db, query);
    const spent = await store.spentByCustomer(this.deps.db, rows.map(refOf));
    return {
      customers: rows.map((row) => toWireCustomer(row, spent)),
      metadata: { count: rows.length, offset: query.offset, total },
    };
  }

  /** The customer of a member's id, or of a guest order's id. @throws DomainError CUSTOMER_NOT_FOUND */
  private async find(id: string): Promise<store.CustomerRow> {
    const { db } = this.deps;
    const member = await store.findCustomer(db, { memberId: id });
    if (member) return member;
    const email = await store.findGuestEmailOfOrder(db, id);
    const guest = email ? await store.findCustomer(db, { email }) : undefined;
    if (!guest) throw new DomainError(CustomerErrors.CUSTOMER_NOT_FOUND, { id });
    return guest;
  }

  /**
   * One customer's page by their id: a member's id, or the id of one of a guest's orders (the list
   * names a guest by their first). @throws DomainError CUSTOMER_NOT_FOUND
   */
  async get(id: string): Promise<CustomerDetails> {
    const { db } = this.deps;
    const row = await this.find(id);
    const ref = refOf(row);
    const [spent, orders, shipped, member, payments] = await Promise.all([
      store.spentByCustomer(db, [ref]),
      store.findCustomerOrders(db, ref, DETAIL_LIMITS.orders),
      store.findShippedAddresses(db, ref, DETAIL_LIMITS.addresses),
      'memberId' in ref ? store.findMemberDetails(db, ref.memberId) : undefined,
      this.deps.payments.providers(),
    ]);
    const saved = ((member?.profile as { addresses?: ProfileAddress[] } | undefined)?.addresses ?? []).filter((address) => address.address);
    return {
      customer: toWireCustomer(row, spent),
      addresses: [
        ...saved.map((address) => addressOf('PROFILE', address.address as Record<string, unknown>, address.tag)),
        ...shipped.map((address) => addressOf('ORDER', address)),
      ],
      memberships: (member?.memberships ?? []).map((membership) => ({
        id: membership.id,
        planId: membership.plan_id,
        planName: membership.plan_name,
        createdDate: membership.created_date.toISOString(),
        ...(membership.expires_at ? { expiresAt: membership.expires_at.toISOString() } : {}),
        ...(membership.credits_remaining !== null ? { creditsRemaining: membership.credits_remaining } : {}),
      })),
      orders: orders.map((order) => toWireOrder(order, this.deps.price, payments)),
    };
  }
}
