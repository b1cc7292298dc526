/**
 * A signed-in member's checkout starts filled in (issue #19): their e-mail, their name, and the
 * address and recipient of their most recent shipped order (or, before any order, the address saved
 * in their profile). Done once, when the hosted page first shows the checkout, and only where the
 * checkout holds nothing yet: what create-checkout was given or the shopper saved is never replaced,
 * and a field the shopper empties later stays empty. The data is the checkout's own member's
 * (`member_id`), so a page never shows another member's details.
 */
import type { Kysely } from 'kysely';
import { normaliseAddress } from '../../platform/address/address-rules.js';
import type { Database } from '../../platform/db/schema.js';
import { transaction } from '../../platform/db/transaction.js';
import type { WireIdentity } from '../identity/wire-identity.js';
import { contactDetailsOf } from './order-view.js';
import type { WireContactDetails } from './schemas.js';
import type { CheckoutRow } from './store.js';
import * as store from './store.js';

/** What the prefill asks of identity: the member by id (the identity service answers it). */
export interface MemberLookup {
  findIdentity(id: string): Promise<WireIdentity | null>;
}

/** Where a member's details come from: their identity, and their most recent shipped order if any. */
export interface MemberSource {
  email?: string;
  /** the profile's first and last name */
  names: WireContactDetails;
  /** the profile's saved address (a shipping one first) */
  profileAddress?: Record<string, string>;
  lastOrder?: { address: Record<string, string>; recipient?: WireContactDetails };
}

const ADDRESS_PARTS = ['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'] as const;
const RECIPIENT_PARTS = ['firstName', 'lastName', 'company', 'phone'] as const;
/** The profile's address tags in the order the prefill prefers them (untagged and others after). */
const PREFERRED_TAGS = ['SHIPPING', 'HOME'];

export class MemberPrefill {
  constructor(private readonly deps: { db: Kysely<Database>; members: MemberLookup }) {}

  /**
   * Fills an open member checkout that was never filled (see the file's comment) and answers it as
   * it is now; any other checkout (a visitor's, a completed one, one filled before) as it was given.
   */
  async fill(checkout: CheckoutRow): Promise<CheckoutRow> {
    if (!isUnfilledMemberCheckout(checkout)) return checkout;
    const source = await this.sourceOf(checkout.member_id as string);
    // The details are read first: nothing inside the transaction may call another service.
    return transaction(this.deps.db, async (trx) => {
      const locked = await store.lockCheckout(trx, checkout.id);
      if (!locked || !isUnfilledMemberCheckout(locked)) return locked ?? checkout;
      const values = { ...prefilledValues(locked, source), member_prefilled_at: new Date() };
      return (await store.updateOpenCheckout(trx, locked.id, values)) ?? locked;
    });
  }

  private async sourceOf(memberId: string): Promise<MemberSource | undefined> {
    const [identity, order] = await Promise.all([
      this.deps.members.findIdentity(memberId),
      store.findLatestShippedOrderOf(this.deps.db, memberId),
    ]);
    if (identity?.status.name !== 'ACTIVE') return undefined;
    const profile = identity.identityProfile;
    const orderAddress = order && addressOf(order.shipping_address);
    return {
      email: identity.email.address,
      names: contactDetailsOf({ firstName: profile.firstName, lastName: profile.lastName }) ?? {},
      profileAddress: savedAddressOf(profile.addresses ?? []),
      lastOrder: orderAddress
        ? {
            address: orderAddress,
            recipient: contactDetailsOf((order.contact_info as { contactDetails?: unknown } | null)?.contactDetails),
          }
        : undefined,
    };
  }
}

const isUnfilledMemberCheckout = (checkout: CheckoutRow) =>
  !!checkout.member_id && !checkout.member_prefilled_at && checkout.status === 'OPEN';

/**
 * The columns the prefill sets: e-mail, shipping address and recipient, each only where the checkout
 * has none. The last order's recipient goes with its address only; the profile's names fill the rest.
 */
function prefilledValues(checkout: CheckoutRow, source: MemberSource | undefined) {
  if (!source) return {};
  const useOrder = !checkout.shipping_address && !!source.lastOrder;
  const address = checkout.shipping_address ? undefined : (source.lastOrder?.address ?? source.profileAddress);
  const info = { ...((checkout.contact_info ?? {}) as Record<string, unknown>) };
  const held = (info.contactDetails ?? {}) as WireContactDetails;
  const recipient: WireContactDetails = { ...held };
  for (const part of RECIPIENT_PARTS) {
    recipient[part] = nonEmpty(held[part]) ?? (useOrder ? source.lastOrder?.recipient?.[part] : undefined) ?? source.names[part];
    if (recipient[part] === undefined) delete recipient[part];
  }
  info.contactDetails = recipient;
  return {
    ...(!checkout.email && source.email ? { email: source.email } : {}),
    ...(address ? { shipping_address: JSON.stringify(address) } : {}),
    ...(Object.keys(recipient).length > 0 ? { contact_info: JSON.stringify(info) } : {}),
  };
}

const nonEmpty = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** The address parts of a stored or saved address, codes as stored ("US-IL"); undefined without a street or a country. */
function addressOf(stored: unknown): Record<string, string> | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const raw = stored as Record<string, unknown>;
  const street = (raw.streetAddress ?? {}) as Record<string, unknown>;
  const parts: Record<string, string> = {};
  for (const part of ADDRESS_PARTS) {
    const value = nonEmpty(raw[part]) ?? (part === 'addressLine' ? nonEmpty(street.formattedAddressLine) : undefined);
    if (value) parts[part] = value;
  }
  if (!parts.addressLine && !parts.country) return undefined;
  // A code the rules do not know becomes '' here: left out, so the shopper chooses it.
  return Object.fromEntries(Object.entries(normaliseAddress(parts)).filter(([, value]) => value !== ''));
}

/** The profile's address to ship to: one tagged SHIPPING, else HOME, else the first one. */
function savedAddressOf(addresses: readonly { tag?: string; address?: unknown }[]): Record<string, string> | undefined {
  const rank = (tag: string | undefined) => {
    const i = PREFERRED_TAGS.indexOf(tag ?? '');
    return i < 0 ? PREFERRED_TAGS.length : i;
  };
  const ordered = [...addresses].sort((left, right) => rank(left.tag) - rank(right.tag));
  for (const entry of ordered) {
    const address = addressOf(entry.address);
    if (address) return address;
  }
  return undefined;
}
