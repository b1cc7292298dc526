import type { OrderSearchFilter, SearchOrdersOptions } from '@vitrine/sdk';
import { useId } from 'react';
import { ChoiceSelect } from '../components/choice-select.js';
import { LoadFailed } from '../components/load-failed.js';
import { OrdersTable } from '../components/orders-table.js';
import { Pager } from '../components/pager.js';
import { SearchBox } from '../components/search-box.js';
import { errorText } from '../lib/format.js';
import { useListParams } from '../lib/list-params.js';
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
        <SearchBox
          label="Find an order"
          placeholder="Number, name or e-mail"
          value={query}
          onSearch={(searched) => change({ q: searched })}
        />
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
          <OrdersTable orders={data.orders} withBuyer rowTestId="order-row" />
          <Pager
            page={page}
            pages={pages}
            total={total}
            noun={['order', 'orders']}
            label="Pages of orders"
            goTo={(fieldProps) => change({ page: String(fieldProps) })}
          />
        </>
      )}
    </section>
  );
}
