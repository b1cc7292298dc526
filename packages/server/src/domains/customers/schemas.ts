/** Requests and answers of the merchant's customers API (`/_api/vitrine/v1/customers`, issue #24). */
import { z } from 'zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { WireOrder } from '../checkout/schemas.js';

export const ErrorResponses = {
  400: ValidationErrorResponse.or(ApplicationErrorResponse),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
  404: ApplicationErrorResponse,
};

export const SearchCustomersQuery = z.strictObject({
  /** the e-mail or the name contains it (any case) */
  query: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SearchCustomersQuery = z.infer<typeof SearchCustomersQuery>;

/** A member's id, or the id of one of a guest's orders: a guest's e-mail never travels in a URL (request logs). */
export const CustomerParams = z.strictObject({ id: z.uuid('must be a customer id') });

/** An amount of one currency, as decimal text and as the shop formats it. */
const CurrencyAmount = z.object({ currency: z.string(), amount: z.string(), formattedAmount: z.string() });

export const WireCustomer = z.object({
  id: z.string().describe("the customer's id: the member's, or for a guest the id of their first order"),
  kind: z.enum(['MEMBER', 'GUEST']).describe('a registered member, or a guest known by the e-mail of their orders'),
  memberId: z.string().optional().describe("the member's id (members only)"),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  registeredDate: z.string().optional().describe('when the member registered (members only)'),
  orderCount: z.number(),
  totalSpent: z.array(CurrencyAmount).describe('per currency: orders not cancelled, less refunds'),
  lastOrderDate: z.string().optional(),
});
export type WireCustomer = z.infer<typeof WireCustomer>;

export const SearchCustomersResponse = z.object({
  customers: z.array(WireCustomer),
  metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
});

/** A place a customer gave: saved on the member's profile, or shipped to by an order. */
const CustomerAddress = z.object({
  source: z.enum(['PROFILE', 'ORDER']),
  tag: z.string().optional(),
  address: z.object({
    addressLine: z.string().optional(),
    addressLine2: z.string().optional(),
    city: z.string().optional(),
    subdivision: z.string().optional(),
    postalCode: z.string().optional(),
    country: z.string().optional(),
    formattedAddress: z.string().optional(),
  }),
});
export type CustomerAddress = z.infer<typeof CustomerAddress>;

const CustomerMembership = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  createdDate: z.string(),
  expiresAt: z.string().optional(),
  creditsRemaining: z.number().optional().describe('absent: unlimited'),
});

export const CustomerDetailsResponse = z.object({
  customer: WireCustomer,
  addresses: z.array(CustomerAddress),
  memberships: z.array(CustomerMembership),
  orders: z.array(WireOrder).describe('their latest orders, newest first (at most 100; `customer.orderCount` counts them all)'),
});
export type CustomerDetails = z.infer<typeof CustomerDetailsResponse>;
