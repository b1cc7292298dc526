import type { Order, OrderSearchFilter, SearchOrdersOptions } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceSelect } from '../components/choice-select.js';
import { LoadFailed } from '../components/load-failed.js';
import { Pager } from '../components/pager.js';
import { dateTime, errorText, money } from '../lib/format.js';
import { useListParams } from '../lib/list-params.js';
import { orderBadge } from '../lib/order-status.js';
import { useOrderExport, useOrderSearch } from '../lib/orders-query.js';

const PAGE_SIZE = 20;

/** The list's states, by the URL's `state` value. */
const STATES: Record<string, { label: string; filter: OrderSearchFilter }> = {
  all: { label: 'All orders', filter: {} },
  unpaid: { label: 'Awaiting payment', filter: { status: ['APPROVED'], paymentStatus: ['NOT_PAID', 'PENDING'] } },
  'to-ship': {
    label: 'Paid, to ship',
    filter: {
      status: ['APPROVED'],
      paymentStatus: ['PAID', 'PARTIALLY_REFUNDED'],
      fulfillmentStatus: ['NOT_FULFILLED', 'PARTIALLY_FULFILLED'],
    },
  },
  fulfilled: { label: 'Fulfilled', filter: { fulfillmentStatus: ['FULFILLED'] } },
  canceled: { label: 'Canceled', filter: { status: ['CANCELED'] } },
};

const SORTS: Record<string, { label: string; sort: SearchOrdersOptions['sort'] }> = {
  newest: { label: 'Newest first', sort: { fieldName: 'createdDate', order: 'DESC' } },
  oldest: { label: 'Oldest first', sort: { fieldName: 'createdDate', order: 'ASC' } },
  'total-desc': { label: 'Total, highest first', sort: { fieldName: 'total', order: 'DESC' } },
  'total-asc': { label: 'Total, lowest first', sort: { fieldName: 'total', order: 'ASC' } },
};

/** The URL's search as the list's options; unknown values fall back to the defaults. */
function optionsOf(params: URLSearchParams): { state: string; sort: string; query: string; page: number; options: SearchOrdersOptions } {
  const state = STATES[params.get('state') ?? ''] ? (params.get('state') as string) : 'all';
  const sort = SORTS[params.get('sort') ?? ''] ? (params.get('sort') as string) : 'newest';
  const query = (params.get('q') ?? '').trim().slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const filter: OrderSearchFilter = { ...STATES[state].filter, ...(query ? { query } : {}) };
  return {
    state,
    sort,
    query,
    page,
    options: { filter, sort: SORTS[sort].sort, paging: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } },
  };
}

/** The shop's orders: by state, found by number, buyer name or e-mail, sorted, paged; all in the URL; exported as CSV. */
export function OrdersPage() {
  const [params, change] = useListParams();
  const { state, sort, query, page, options } = optionsOf(params);
  const exported = useOrderExport();
  const { data, isPending, isError, error, isFetching, refetch } = useOrderSearch(options);
  const id = useId();
  const [queryDraft, setQueryDraft] = useState(query);

  const search = (e: FormEvent) => {
    e.preventDefault();
    change({ q: queryDraft.trim() });
  };

  const total = data?.metadata?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Orders</h1>
        {isFetching && !isPending ? <span className="muted">Updating…</span> : null}
      </div>
      <div className="toolbar">
        <ChoiceSelect label="Show" value={state} choices={STATES} defaultValue="all" onChange={(state) => change({ state })} />
        <ChoiceSelect label="Sort" value={sort} choices={SORTS} defaultValue="newest" onChange={(sort) => change({ sort })} />
        <search>
          <form onSubmit={search} className="toolbar__search">
            <label htmlFor={`${id}-query`}>Find an order</label>
            <input
              id={`${id}-query`}
              type="search"
              value={queryDraft}
              maxLength={200}
              placeholder="Number, name or e-mail"
              onChange={(e) => setQueryDraft(e.target.value)}
            />
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
        <button type="button" className="button" disabled={exported.isPending} onClick={() => exported.mutate(options)}>
          {exported.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {exported.isError ? (
        <p className="form-error" role="alert">
          The export failed: {errorText(exported.error)}
        </p>
      ) : null}
      {isPending ? (
        <p role="status">Loading the orders…</p>
      ) : isError ? (
        <LoadFailed what="The orders" error={error} retry={refetch} />
      ) : !data.orders?.length ? (
        <p className="empty">No orders match.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">State</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((o) => {
                  const badge = orderBadge(o);
                  return (
                    <tr key={o._id} data-testid="order-row">
                      <th scope="row">
                        <Link to={`/orders/${encodeURIComponent(o._id ?? '')}`}>#{o.number}</Link>
                      </th>
                      <td>{dateTime(o._createdDate)}</td>
                      <td>
                        <BuyerCell order={o} />
                      </td>
                      <td>
                        <span className={`badge badge--${badge.tone}`}>{badge.label}</span>
                      </td>
                      <td className="num">{money(o.priceSummary?.total, o.currency)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={pages}
            total={total}
            noun={['order', 'orders']}
            label="Pages of orders"
            goTo={(p) => change({ page: String(p) })}
          />
        </>
      )}
    </section>
  );
}

/** Who bought: the payer's name (the recipient's when none was given) over their e-mail. */
function BuyerCell({ order }: { order: Order }) {
  const contact = order.billingInfo?.contactDetails ?? order.shippingInfo?.contactDetails;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  return (
    <>
      {name ? <span className="cell-title">{name}</span> : null}
      <span className={name ? 'muted cell-sub' : undefined}>{order.buyerInfo?.email}</span>
    </>
  );
}
