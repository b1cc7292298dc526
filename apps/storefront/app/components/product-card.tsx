import { Link } from 'react-router';
import type { ProductCardView } from '../lib/catalogue-view.js';
import { Price } from './price.js';

/** The heading level of a card's name: one below the heading of the section holding the grid. */
type CardHeading = 'h2' | 'h3';

/**
 * One product in a grid: picture, ribbon, name, price, stock. `eager` for the first row (the likely LCP).
 * The picture's alt is empty: the link's name, the product's name, is right under it.
 */
export function ProductCard({
  product,
  eager,
  heading: Heading = 'h3',
  linkSearch = '',
}: {
  product: ProductCardView;
  eager?: boolean;
  heading?: CardHeading;
  /** the product link's query: the choices the page opens on (`?opt.Color=White`) */
  linkSearch?: string;
}) {
  return (
    <article className="product-card">
      <Link to={`/products/${product.slug}${linkSearch}`} className="product-card__link" prefetch="intent">
        <div className="product-card__media">
          {product.image ? (
            <img
              src={product.image.url}
              alt=""
              width={product.image.width ?? 800}
              height={product.image.height ?? 800}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
          {product.ribbon ? <span className="ribbon">{product.ribbon}</span> : null}
        </div>
        <Heading className="product-card__name">{product.name}</Heading>
      </Link>
      <p className="product-card__meta">
        <Price currency={product.currency} price={product.price} discountedPrice={product.discountedPrice} range={product.priceRange} />
        {product.inStock ? null : <span className="stock stock--out">Sold out</span>}
      </p>
    </article>
  );
}

/** Products as a responsive grid. */
export function ProductGrid({
  products,
  label,
  heading,
  linkSearch,
}: {
  products: ProductCardView[];
  label: string;
  heading?: CardHeading;
  linkSearch?: string;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < 4} heading={heading} linkSearch={linkSearch} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a listing loads. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true" data-testid="grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="product-card product-card--skeleton">
          <div className="skeleton skeleton--media" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </li>
      ))}
    </ul>
  );
}
