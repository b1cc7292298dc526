import { Link } from 'react-router';
import { ProductGrid } from '../components/product-card.js';
import { allCollections, newArrivals } from '../lib/catalogue.server.js';
import { pageMeta, shopNameOf } from '../lib/seo.js';
import { shopUrl } from '../lib/shop-url.server.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const client = catalogueClient(context);
  const [collections, arrivals] = await Promise.all([allCollections(client), newArrivals(client, 8)]);
  return { collections, arrivals, url: shopUrl(context, '/') };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const shop = shopNameOf(matches);
  return pageMeta({
    shop,
    title: shop,
    description: 'Mugs, tees, prints, notebooks and more: small-batch goods, shipped within two days.',
    url: data?.url ?? '/',
    image: data?.collections[0]?.image?.url,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { collections, arrivals } = loaderData;
  const featured = collections.slice(0, 6);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">New season, same good things</p>
          <h1 id="hero-title">Everyday goods, made to last</h1>
          <p className="hero__lede">
            Stoneware mugs, organic tees, giclée prints and notebooks that take fountain pens. Shipped within two days.
          </p>
          <p className="hero__actions">
            <Link to="/products" className="button button--primary button--large">
              Shop all products
            </Link>
            <Link to="/products?sort=newest&inStock=1" className="button button--large button--ghost">
              What’s in stock
            </Link>
          </p>
        </div>
      </section>

      <section className="container section" aria-labelledby="collections-title" id="collections">
        <h2 id="collections-title">Featured collections</h2>
        <ul className="collection-grid">
          {featured.map((collection) => (
            <li key={collection.id}>
              <Link to={`/collections/${collection.slug}`} className="collection-tile">
                {collection.image ? (
                  <img
                    src={collection.image.url}
                    alt=""
                    width={collection.image.width ?? 800}
                    height={collection.image.height ?? 800}
                    loading="lazy"
                  />
                ) : null}
                <span className="collection-tile__name">{collection.name}</span>
                {collection.productCount !== undefined ? (
                  <span className="collection-tile__count">{collection.productCount} products</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container section" aria-labelledby="arrivals-title">
        <div className="section__heading">
          <h2 id="arrivals-title">New arrivals</h2>
          <Link to="/products?sort=newest">See everything new</Link>
        </div>
        <ProductGrid products={arrivals} label="New arrivals" />
      </section>
    </>
  );
}
