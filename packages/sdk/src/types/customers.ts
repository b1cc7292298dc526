/** The merchant's customers (Vitrine's merchant API, issue #24; the spec has none). */
import type { Order } from './orders.js';

/** An amount of one currency: decimal text and as the shop formats it. */
export interface CurrencyAmount {
  currency: string;
  amount: string;
  formattedAmount: string;
}

/** A registered member, or a guest known by the e-mail of their orders (a member's e-mail may also be a guest's). */
export type CustomerKind = 'MEMBER' | 'GUEST';

/** Someone who ordered or registered. */
export interface Customer {
  /** the member's id, or for a guest the id of their first order (`customers.getCustomer` takes it) */
  _id: string;
  kind: CustomerKind;
  /** members only */
  memberId?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  /** when the member registered (members only) */
  registeredDate?: Date;
  orderCount: number;
  /** per currency: orders not cancelled, less refunds */
  totalSpent: CurrencyAmount[];
  lastOrderDate?: Date;
}

/** Options of `customers.searchCustomers`. */
export interface SearchCustomersOptions {
  /** the e-mail or the name contains it (any case) */
  query?: string;
  /** 1–100, default 50 */
  limit?: number;
  offset?: number;
}

export interface SearchCustomersResponse {
  customers: Customer[];
  metadata: { count: number; offset: number; total: number };
}

/** A place a customer gave: saved on the member's profile, or shipped to by an order. */
export interface CustomerAddress {
  source: 'PROFILE' | 'ORDER';
  tag?: string;
  address: {
    addressLine?: string;
    addressLine2?: string;
    city?: string;
    subdivision?: string;
    postalCode?: string;
    country?: string;
    formattedAddress?: string;
  };
}

/** A membership plan a member holds. */
export interface CustomerMembership {
  _id: string;
  planId: string;
  planName: string;
  _createdDate: Date;
  expiresAt?: Date;
  /** absent: unlimited */
  creditsRemaining?: number;
}

/** A customer's page. */
export interface CustomerDetails {
  customer: Customer;
  addresses: CustomerAddress[];
  memberships: CustomerMembership[];
  /** their latest orders, newest first (at most 100; `customer.orderCount` counts them all) */
  orders: Order[];
}
