import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../components/load-failed.js';
import { Problem } from '../components/problem.js';
import { ProductForm } from '../components/product-form.js';
import { ProductMedia } from '../components/product-media.js';
import { PublishPanel } from '../components/publish-panel.js';
import { StockHistory } from '../components/stock-history.js';
import { VariantsTable } from '../components/variants-table.js';
import { errorText } from '../lib/format.js';
import { draftOf } from '../lib/product-draft.js';
import { useDeleteProduct, useMerchantProduct, useSaveProduct, useShopCurrency } from '../lib/products-admin.js';

/** One product: its fields, pictures, variants, and its deletion. */
export function EditProductPage() {
  const { productId = '' } = useParams();
  const { data: product, isPending, isError, error, refetch } = useMerchantProduct(productId);
  const save = useSaveProduct(productId);
  const currency = useShopCurrency(product);

  if (isPending)
    return (
      <section>
        <p role="status">Loading the product…</p>
      </section>
    );
  if (isError)
    return (
      <section>
        <p>
          <Link to="/products">← All products</Link>
        </p>
        <LoadFailed what="The product" error={error} retry={refetch} />
      </section>
    );

  const hasOptions = (product.productOptions ?? []).length > 0;
  return (
    <section>
      <p>
        <Link to="/products">← All products</Link>
      </p>
      <div className="page-heading">
        <h1>{product.name}</h1>
        {product.slug ? (
          <a href={`/products/${encodeURIComponent(product.slug)}`} target="_blank" rel="noopener">
            See it in the shop
          </a>
        ) : null}
      </div>
      <ProductForm
        // read again when the stock changed elsewhere (a stock change with its reason, an order), so saving the form never puts an old count back
        key={`${product._id}:${product.stock?.quantity ?? ''}`}
        initial={draftOf(product)}
        currency={currency}
        submitLabel="Save changes"
        keepAs={`product:${product._id}`}
        save={(changes) => save.mutateAsync(changes)}
      />
      <PublishPanel product={product} />
      <ProductMedia product={product} />
      <section className="form-section" aria-labelledby="variants-title">
        <h2 id="variants-title">Variants</h2>
        {!hasOptions ? (
          <p className="muted">Add options (like Size) above to sell this product in variants.</p>
        ) : product.manageVariants ? (
          <VariantsTable product={product} />
        ) : (
          <p className="muted">
            Every variant has the product’s price and stock. Tick “Set price, stock and SKU variant by variant” above to set them one by
            one.
          </p>
        )}
      </section>
      {product.stock?.trackInventory ? <StockHistory product={product} /> : null}
      <DeleteProduct productId={productId} name={product.name ?? ''} />
    </section>
  );
}

function DeleteProduct({ productId, name }: { productId: string; name: string }) {
  const navigate = useNavigate();
  const remove = useDeleteProduct(productId);
  const [problem, setProblem] = useState('');
  const confirmAndDelete = () => {
    if (!window.confirm(`Delete “${name}”? Shoppers can no longer find or buy it; orders keep their copy.`)) return;
    setProblem('');
    remove.mutate(undefined, {
      onSuccess: () => navigate('/products', { replace: true }),
      onError: (error) => setProblem(`The product was not deleted: ${errorText(error)}`),
    });
  };
  return (
    <section className="form-section danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete</h2>
      <Problem text={problem} />
      <button type="button" className="button button--danger" disabled={remove.isPending} onClick={confirmAndDelete}>
        Delete this product…
      </button>
    </section>
  );
}
