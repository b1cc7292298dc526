/**
 * Orders as their buyers read them (the storefront's account page): a member sees its own orders, a
 * visitor the orders placed with its visitor id, a merchant every order. Another buyer's order is
 * "not found", never "forbidden" (its existence is not disclosed).
 */
import type { Kysely } from 'kysely';
import type { Caller } from '../../platform/caller.js';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import type { CartCaller } from '../cart/checkout-port.js';
import { CheckoutErrors } from './errors.js';
import { type PriceFormat, toWireOrder } from './order-view.js';
import type { PaymentProviderSource } from './payments.js';
import type { OrderSearchFilter, OrderSort, WireOrder } from './schemas.js';
import * as store from './store.js';

export interface OrderReadDeps {
  db: Kysely<Database>;
  price: PriceFormat;
  payments: PaymentProviderSource;
}

/** Whose orders a caller may read: a merchant with a shopper token reads as that shopper. */
function ownerOf(caller: CartCaller): store.OrderOwner {
  if (caller.kind === 'member') return { memberId: caller.memberId };
  if (caller.kind === 'visitor') return { visitorId: caller.visitorId };
  const shopper = caller.shopper as Caller | undefined;
  if (shopper?.kind === 'member' || shopper?.kind === 'visitor') return ownerOf(shopper);
  return 'all';
}

function owns(owner: store.OrderOwner, row: store.OrderRow): boolean {
  if (owner === 'all') return true;
  return 'memberId' in owner ? row.member_id === owner.memberId : row.visitor_id === owner.visitorId;
}

/** How many orders an export reads from the database at a time. */
const EXPORT_PAGE = 500;

export class OrderReadService {
  constructor(private readonly deps: OrderReadDeps) {}

  /** One of the caller's orders. @throws DomainError ORDER_NOT_FOUND (unknown, or another buyer's) */
  async get(caller: CartCaller, id: string): Promise<WireOrder> {
    const row = store.isEntityId(id) ? await store.findOrder(this.deps.db, id) : undefined;
    if (!row || !owns(ownerOf(caller), row)) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: id });
    return toWireOrder(row, this.deps.price, await this.deps.payments.providers());
  }

  /**
   * A page of the caller's orders, newest first unless sorted otherwise, with how many match in all.
   * Filter and sort are the merchant's (the caller's kind is checked where the request arrives).
   */
  async search(
    caller: CartCaller,
    options: { paging?: { limit?: number; offset?: number }; filter?: OrderSearchFilter; sort?: OrderSort } = {},
  ) {
    const page = { limit: options.paging?.limit ?? 50, offset: options.paging?.offset ?? 0 };
    const { rows, total } = await store.searchOrders(this.deps.db, {
      owner: ownerOf(caller),
      filter: options.filter,
      sort: options.sort,
      page,
    });
    const payments = await this.deps.payments.providers();
    return {
      orders: rows.map((row) => toWireOrder(row, this.deps.price, payments)),
      metadata: { count: rows.length, offset: page.offset, total },
    };
  }

  /**
   * Every order a merchant's filter matches, in the sort's order (default newest first), read a page at
   * a time as the consumer asks for more (the CSV export streams them).
   */
  async *all(options: { filter?: OrderSearchFilter; sort?: OrderSort } = {}): AsyncGenerator<WireOrder> {
    const limit = EXPORT_PAGE;
    for (let offset = 0; ; offset += limit) {
      const { rows } = await store.searchOrders(this.deps.db, {
        owner: 'all',
        filter: options.filter,
        sort: options.sort,
        page: { limit, offset },
      });
      const payments = await this.deps.payments.providers();
      for (const row of rows) yield toWireOrder(row, this.deps.price, payments);
      if (rows.length < limit) return;
    }
  }

  /** Any order by its id or its number (the merchant's tools). @throws DomainError ORDER_NOT_FOUND */
  async find(ref: string): Promise<WireOrder> {
    const row = store.isEntityId(ref) ? await store.findOrder(this.deps.db, ref) : await store.findOrderByNumber(this.deps.db, ref);
    if (!row) throw new DomainError(CheckoutErrors.ORDER_NOT_FOUND, { orderId: ref });
    return toWireOrder(row, this.deps.price, await this.deps.payments.providers());
  }
}
