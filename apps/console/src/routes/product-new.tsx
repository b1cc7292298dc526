import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NewPictures } from '../components/new-pictures.js';
import { NewVariants } from '../components/new-variants.js';
import { ProductForm } from '../components/product-form.js';
import { FieldRefusal } from '../lib/checked-form.js';
import { useCreateProduct } from '../lib/new-product.js';
import { combinationsOf, ownStockOf, type PictureDraft, type VariantDraft, variantOverridesOf } from '../lib/new-product-draft.js';
import { currencyDecimals, draftOf, productOf } from '../lib/product-draft.js';
import { useShopCurrency } from '../lib/products-admin.js';

/**
 * A new product in one form: its fields, options, each variant's SKU, price and stock, and pictures
 * with alt text, saved together. It is created hidden: the merchant publishes it from its page.
 */
export function NewProductPage() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const currency = useShopCurrency();
  const [rows, setRows] = useState<Record<string, VariantDraft>>({});
  const [pictures, setPictures] = useState<PictureDraft[]>([]);
  return (
    <section>
      <p>
        <Link to="/products">← All products</Link>
      </p>
      <h1>New product</h1>
      <p className="muted">The product stays hidden from shoppers until you publish it from its page.</p>
      <ProductForm
        initial={draftOf()}
        currency={currency}
        submitLabel="Create the product (hidden)"
        keepAs="product:new"
        extras={(draft, errors) => {
          const checked = productOf(draft, currency);
          const product = 'product' in checked ? checked.product : undefined;
          return (
            <>
              {product && draft.manageVariants ? (
                <NewVariants
                  combinations={combinationsOf(product)}
                  rows={rows}
                  onChange={setRows}
                  errors={errors}
                  currency={currency}
                  ownStock={ownStockOf(product)}
                />
              ) : null}
              <NewPictures pictures={pictures} onChange={setPictures} />
            </>
          );
        }}
        save={async (fields) => {
          const variants = fields.manageVariants ? variantOverridesOf(fields, rows, currencyDecimals(currency)) : { overrides: [] };
          if ('errors' in variants) throw new FieldRefusal(variants.errors);
          const id = await create(fields, variants.overrides, pictures);
          navigate(`/products/${encodeURIComponent(id)}`, { replace: true });
        }}
      />
    </section>
  );
}
