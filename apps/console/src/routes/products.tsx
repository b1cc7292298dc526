import type { PlatformQuery, Product } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { BulkEdit } from '../components/bulk-edit.js';
import { ChoiceSelect } from '../components/choice-select.js';
import { LoadFailed } from '../components/load-failed.js';
import { Pager } from '../components/pager.js';
import { useListParams } from '../lib/list-params.js';
import { useCatalogPage, useShopCurrency } from '../lib/products-admin.js';

const PAGE_SIZE = 25;

const SHOWN: Record<string, { label: string; filter: Record<string, unknown> }> = {
  all: { label: 'All', filter: {} },
  shown: { label: 'Shown in the shop', filter: { visible: true } },
  hidden: { label: 'Hidden', filter: { visible: false } },
};
const STOCK: Record<string, { label: string; filter: Record<string, unknown> }> = {
  all: { label: 'Any stock', filter: {} },
  in: { label: 'In stock', filter: { inStock: true } },
  out: { label: 'Out of stock', filter: { inStock: false } },
};
const SORTS: Record<string, { label: string; sort: PlatformQuery['sort'] }> = {
  name: { label: 'Name', sort: [{ fieldName: 'name', order: 'ASC' }] },
  newest: { label: 'Newest first', sort: [{ fieldName: 'createdDate', order: 'DESC' }] },
  updated: { label: 'Recently changed', sort: [{ fieldName: 'lastUpdated', order: 'DESC' }] },
  'price-asc': { label: 'Price, lowest first', sort: [{ fieldName: 'price', order: 'ASC' }] },
  'price-desc': { label: 'Price, highest first', sort: [{ fieldName: 'price', order: 'DESC' }] },
};

const pick = <T,>(table: Record<string, T>, key: string | null, fallback: string) => (key && table[key] ? key : fallback);

/** The URL's search as the list's state and query; unknown values fall back to the defaults. */
function listOf(params: URLSearchParams) {
  const name = (params.get('q') ?? '').trim().slice(0, 100);
  const shown = pick(SHOWN, params.get('shown'), 'all');
  const stock = pick(STOCK, params.get('stock'), 'all');
  const sort = pick(SORTS, params.get('sort'), 'name');
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const query: PlatformQuery = {
    filter: { ...(name ? { name: { $contains: name } } : {}), ...SHOWN[shown].filter, ...STOCK[stock].filter },
    sort: SORTS[sort].sort,
    paging: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
  };
  return { name, shown, stock, sort, page, query };
}

function stockText(product: Product): string {
  if (product.stock?.inventoryStatus === 'OUT_OF_STOCK') return 'Out of stock';
  if (product.stock?.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK') return 'Partly out of stock';
  return product.stock?.trackInventory ? `${product.stock.quantity ?? 0} in stock` : 'In stock';
}

/**
 * The catalogue as the merchant sees it (hidden products too): search, filters, sort and paging in
 * the URL; each product opens in its editor; products ticked on any page change together in bulk.
 */
export function ProductsPage() {
  const [params, change] = useListParams();
  const { name, shown, stock, sort, page, query } = listOf(params);
  const { data, isPending, isError, error, refetch, isFetching } = useCatalogPage(query);
  const currency = useShopCurrency(data?.products[0]);
  const id = useId();
  const [draft, setDraft] = useState(name);
  // ticked products by id, kept across pages and filters (the bulk preview needs their values)
  const [selected, setSelected] = useState<Map<string, Product>>(new Map());
  const [bulkDone, setBulkDone] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    change({ q: draft.trim() });
  };
  const toggle = (products: Product[], on: boolean) => {
    setBulkDone('');
    setSelected((current) => {
      const next = new Map(current);
      for (const product of products) {
        if (on) next.set(product._id as string, product);
        else next.delete(product._id as string);
      }
      return next;
    });
  };

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const onPage = data?.products ?? [];
  const allTicked = onPage.length > 0 && onPage.every((product) => selected.has(product._id as string));

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Products</h1>
        {isFetching && !isPending ? <span className="muted">Updating…</span> : null}
        <Link to="/products/transfer" className="button">
          Import / export
        </Link>
        <Link to="/products/new" className="button button--primary">
          New product
        </Link>
      </div>
      <div className="toolbar">
        <search>
          <form onSubmit={search} className="toolbar__search">
            <label htmlFor={`${id}-q`}>Name</label>
            <input id={`${id}-q`} type="search" value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
            <button type="submit" className="button">
              Search
            </button>
          </form>
        </search>
        <ChoiceSelect label="Show" value={shown} choices={SHOWN} defaultValue="all" onChange={(shown) => change({ shown })} />
        <ChoiceSelect label="Stock" value={stock} choices={STOCK} defaultValue="all" onChange={(stock) => change({ stock })} />
        <ChoiceSelect label="Sort" value={sort} choices={SORTS} defaultValue="name" onChange={(sort) => change({ sort })} />
      </div>
      {selected.size ? (
        <>
          <p className="toolbar">
            <span>
              {selected.size} {selected.size === 1 ? 'product' : 'products'} ticked
            </span>
            <button type="button" className="button button--quiet" onClick={() => setSelected(new Map())}>
              Untick all
            </button>
          </p>
          <BulkEdit
            selected={[...selected.values()]}
            currency={currency}
            onDone={(message) => {
              setBulkDone(message);
              setSelected(new Map());
            }}
          />
        </>
      ) : null}
      {bulkDone ? (
        <p role="status" className="form-saved">
          {bulkDone}
        </p>
      ) : null}
      {isPending ? (
        <p role="status">Loading the products…</p>
      ) : isError ? (
        <LoadFailed what="The products" error={error} retry={refetch} />
      ) : !onPage.length ? (
        <p className="empty">No products match.</p>
      ) : (
        <>
          {/* on a phone the table scrolls sideways in its box, not the page */}
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Tick every product on this page"
                      checked={allTicked}
                      onChange={(event) => toggle(onPage, event.target.checked)}
                    />
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col">Stock</th>
                  <th scope="col">Shown in the shop</th>
                </tr>
              </thead>
              <tbody>
                {onPage.map((product) => (
                  <tr key={product._id} data-testid="product-row">
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Tick ${product.name}`}
                        checked={selected.has(product._id as string)}
                        onChange={(event) => toggle([product], event.target.checked)}
                      />
                    </td>
                    <th scope="row">
                      <Link to={`/products/${encodeURIComponent(product._id ?? '')}`}>{product.name}</Link>
                    </th>
                    <td className="num">{product.priceData?.formatted?.discountedPrice ?? product.priceData?.formatted?.price}</td>
                    <td>{stockText(product)}</td>
                    <td>{product.visible === false ? 'Hidden' : 'Shown'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={pages}
            total={total}
            noun={['product', 'products']}
            label="Pages of products"
            goTo={(fieldProps) => change({ page: String(fieldProps) })}
          />
        </>
      )}
    </section>
  );
}
