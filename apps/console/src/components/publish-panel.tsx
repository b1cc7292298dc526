import type { Product } from '@vitrine/sdk';
import { useState } from 'react';
import { errorText } from '../lib/format.js';
import { useSaveProduct } from '../lib/products-admin.js';
import { Problem } from './problem.js';

/** Whether shoppers could buy none of it: out of stock as counted, or marked so. */
const hasNoStock = (product: Product) => product.stock?.inventoryStatus === 'OUT_OF_STOCK' || product.stock?.inStock === false;

/**
 * Whether shoppers see the product, and the one action that changes it (issue #24): a new product is
 * hidden until published; publishing a product without stock asks first, saying what shoppers would see.
 */
export function PublishPanel({ product }: { product: Product }) {
  const save = useSaveProduct(product._id);
  const [warning, setWarning] = useState(false);
  const [problem, setProblem] = useState('');
  const visible = product.visible !== false;

  const setVisible = (value: boolean) => {
    setProblem('');
    setWarning(false);
    save.mutate(
      { visible: value },
      { onError: (error) => setProblem(`The product was not ${value ? 'published' : 'hidden'}: ${errorText(error)}`) },
    );
  };
  const publish = () => (hasNoStock(product) ? setWarning(true) : setVisible(true));

  return (
    <section className="form-section publish-panel" aria-labelledby="publish-title">
      <h2 id="publish-title">Visibility</h2>
      <p data-testid="visibility">
        {visible ? 'Published: shoppers can find and buy it.' : 'Hidden: shoppers cannot find it until you publish it.'}
      </p>
      <Problem text={problem} />
      {warning ? (
        <div className="publish-panel__warning" role="alert">
          <p>
            <strong>“{product.name}” has no stock.</strong> Shoppers will see it as out of stock and cannot buy it. Add stock first, or
            publish it anyway.
          </p>
          <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => setVisible(true)}>
            Publish anyway
          </button>{' '}
          <button type="button" className="button" onClick={() => setWarning(false)}>
            Not yet
          </button>
        </div>
      ) : visible ? (
        <button type="button" className="button" disabled={save.isPending} onClick={() => setVisible(false)}>
          Hide from the shop
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={save.isPending} onClick={publish}>
          Publish
        </button>
      )}
    </section>
  );
}
