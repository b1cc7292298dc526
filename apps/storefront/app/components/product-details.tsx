import { useState } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { availabilityUrl } from '../lib/availability-url.js';
import type { AvailabilityView, ProductView } from '../lib/catalogue-view.js';
import { withChoiceParams } from '../lib/choice-params.js';
import { withArticle } from '../lib/indefinite-article.js';
import { formatMoney, useLocale } from '../lib/locale.js';
import { type Selection, switchChoice, VARIANT_PARAM } from '../lib/variant-selection.js';
import type { loader as availabilityLoader } from '../routes/resources.options-availability.js';
import { AddToCartButton, type AddToCartRequest } from './add-to-cart-button.js';
import { useAddToCartAction } from './cart-add.js';
import { MediaGallery } from './media-gallery.js';
import { OptionPicker } from './option-picker.js';
import { Price } from './price.js';
import { QuantityInput } from './quantity-input.js';
import { StockState } from './stock-state.js';

interface ProductDetailsProps {
  product: ProductView;
  /** the choices the page starts with (the URL's variant or the first available) and what they lead to */
  initial?: { selection: Selection; availability?: AvailabilityView };
  /** what "Add to cart" does; default: the shopper's cart (useAddToCart), then the cart drawer opens */
  onAddToCart?: (request: AddToCartRequest) => Promise<void>;
}

/**
 * The product page's body: gallery, name, price, options, quantity and "Add to cart". Each change of
 * choices asks the server (productOptionsAvailability, through a fetcher) which variant it leads to
 * and which other choices stay available; money always comes from the server.
 */
export function ProductDetails({ product, initial, onAddToCart }: ProductDetailsProps) {
  const locale = useLocale();
  const addToCart = useAddToCartAction();
  const availability = useFetcher<typeof availabilityLoader>();
  const [, setSearchParams] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(initial?.selection ?? {});
  const [quantity, setQuantity] = useState(1);

  const answer = availability.data ?? initial?.availability;
  const options = answer?.options.length ? answer.options : product.options;
  const complete = product.options.every((option) => selection[option.name]);
  const variant = complete ? answer?.variant : undefined;
  const pending = availability.state !== 'idle';

  function choose(name: string, value: string) {
    const next = switchChoice(product.variants, selection, name, value);
    setSelection(next);
    availability.load(availabilityUrl(product.id, next));
    // the choices in the address by name: shared links and reloads open on them (the loader reads them);
    // a variant id from an older link gives way to them
    setSearchParams(
      (params) => {
        params.delete(VARIANT_PARAM);
        return withChoiceParams(params, product.options, next);
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // The chosen variant's picture, else the chosen colour's, takes the gallery's large slot.
  const colour = product.options.find((option) => option.kind === 'color' && selection[option.name]);
  const colourImage = colour?.choices.find((choice) => choice.value === selection[colour.name])?.swatchImage;
  const override =
    variant?.image ?? (colourImage ? { url: colourImage, alt: `${product.name}, ${selection[colour?.name ?? '']}` } : undefined);
  const price = variant ?? product;
  const stock = variant ? { inStock: variant.inStock, quantity: variant.quantity } : product.stock;
  const missing = product.options.find((option) => !selection[option.name]);
  const soldOut = !stock.inStock;
  const blockedReason = soldOut ? 'Sold out' : missing ? `Choose ${withArticle(missing.name.toLowerCase())}` : undefined;
  const maxQuantity = Math.max(1, Math.min(99, stock.quantity ?? 99));

  return (
    <div className="product">
      <MediaGallery media={product.media} name={product.name} override={override} />
      <section className="product__info" aria-labelledby="product-title">
        {product.ribbon ? <span className="ribbon ribbon--inline">{product.ribbon}</span> : null}
        <h1 id="product-title">{product.name}</h1>
        {product.brand ? <p className="product__brand">by {product.brand}</p> : null}
        <div className="product__price" aria-live="polite" aria-busy={pending} data-testid="product-price">
          <Price
            currency={product.currency}
            price={price.price}
            discountedPrice={price.discountedPrice}
            range={variant ? undefined : product.priceRange}
            pricePerUnit={
              product.pricePerUnit
                ? { amount: variant?.pricePerUnit ?? product.pricePerUnit.amount, base: product.pricePerUnit.base }
                : undefined
            }
          />
          {product.discount ? (
            <span className="badge badge--sale">
              {`Save ${product.discount.type === 'PERCENT' ? `${product.discount.value}%` : formatMoney(product.discount.value, product.currency, locale)}`}
            </span>
          ) : null}
        </div>
        <StockState inStock={stock.inStock} quantity={stock.quantity} />

        {options.map((option) => (
          <OptionPicker
            key={option.name}
            option={option}
            selected={selection[option.name]}
            onSelect={(value) => choose(option.name, value)}
          />
        ))}

        <div className="product__buy">
          <QuantityInput
            value={Math.min(quantity, maxQuantity)}
            max={maxQuantity}
            onChange={setQuantity}
            available={stock.quantity ?? null}
            disabled={soldOut}
          />
          <AddToCartButton
            request={{ productId: product.id, variantId: variant?.id, options: selection, quantity: Math.min(quantity, maxQuantity) }}
            onAdd={onAddToCart ?? addToCart}
            blockedReason={pending ? 'Checking availability…' : blockedReason}
            soldOut={soldOut && !pending}
          />
        </div>

        {product.descriptionHtml ? (
          // The merchant's HTML, sanitised to the rich-text allowlist by the loader on the server (catalogue.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: allowlisted product copy, sanitised in the loader
          <div className="product__description prose" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        ) : null}
        {product.info.map((section) => (
          <details key={section.title} className="product__section">
            <summary>{section.title}</summary>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: allowlisted product copy, sanitised in the loader */}
            <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
          </details>
        ))}
        {product.sku ? <p className="product__sku">SKU {variant?.sku ?? product.sku}</p> : null}
      </section>
    </div>
  );
}
