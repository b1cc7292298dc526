import type { CatalogueImportSummary as Report } from '@vitrine/sdk';
import { amountIn } from '../lib/format.js';

const FORMAT_NAMES: Record<Report['format'], string> = { vitrine: 'Vitrine', shopify: 'Shopify', wix: 'Wix Stores' };

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "1 picture could not be fetched; its product was imported without it:" */
function picturesNotFetched(n: number, imported: boolean): string {
  const [product, it] = n === 1 ? ['its product', 'it'] : ['their products', 'them'];
  return `${count(n, 'picture', 'pictures')} could not be fetched; ${product} ${imported ? (n === 1 ? 'was' : 'were') : 'will be'} imported without ${it}:`;
}

/** What a checked file would import, or what an import made: counts, new collections, the first products, pictures that failed. */
export function ImportReport({ report }: { report: Report }) {
  const verb = report.imported ? 'Imported' : 'Will import';
  return (
    <div className="import-report" data-testid="import-report">
      <dl className="facts">
        <dt>File</dt>
        <dd>{FORMAT_NAMES[report.format]} products</dd>
        <dt>{verb}</dt>
        <dd data-testid="import-counts">
          {count(report.products, 'product', 'products')}, {count(report.variants, 'variant', 'variants')},{' '}
          {count(report.pictures, 'picture', 'pictures')}
        </dd>
        <dt>New collections</dt>
        <dd data-testid="import-collections">{report.collectionsToCreate.length ? report.collectionsToCreate.join(', ') : 'None'}</dd>
      </dl>
      {report.sample.length ? (
        <div className="table-scroll">
          <table className="table">
            <caption className="import-report__caption">
              {report.sample.length < report.products ? `The first ${report.sample.length} products` : 'The products'}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Line
                </th>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Variants
                </th>
                <th scope="col" className="num">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {report.sample.map((p) => (
                <tr key={p.line} data-testid="import-sample-row">
                  <td className="num">{p.line}</td>
                  <th scope="row">
                    <span className="cell-title">{p.name}</span>
                    <span className="cell-sub">{p.slug}</span>
                  </th>
                  <td className="num">{p.variants}</td>
                  <td className="num">{amountIn(p.price, p.currency) || String(p.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.pictureProblems.length ? (
        <div className="notice" data-testid="picture-problems">
          <p>{picturesNotFetched(report.pictureProblems.length, report.imported)}</p>
          <ul className="import-problems__list">
            {report.pictureProblems.map((p) => (
              <li key={`${p.line} ${p.url}`}>
                Line {p.line} · <span className="import-report__url">{p.url}</span>: {p.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
