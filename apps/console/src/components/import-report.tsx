import type { CatalogueImportSummary as Report } from '@vitrine/sdk';
import { amountIn } from '../lib/format.js';

const FORMAT_NAMES: Record<Report['format'], string> = { vitrine: 'Vitrine', shopify: 'Shopify', wix: 'Wix Stores' };

const count = (amount: number, one: string, many: string) => `${amount.toLocaleString()} ${amount === 1 ? one : many}`;

/** "1 picture could not be fetched; its product was imported without it:" */
function picturesNotFetched(missing: number, imported: boolean): string {
  const [product, it] = missing === 1 ? ['its product', 'it'] : ['their products', 'them'];
  return `${count(missing, 'picture', 'pictures')} could not be fetched; ${product} ${imported ? (missing === 1 ? 'was' : 'were') : 'will be'} imported without ${it}:`;
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
              {report.sample.map((sample) => (
                <tr key={sample.line} data-testid="import-sample-row">
                  <td className="num">{sample.line}</td>
                  <th scope="row">
                    <span className="cell-title">{sample.name}</span>
                    <span className="cell-sub">{sample.slug}</span>
                  </th>
                  <td className="num">{sample.variants}</td>
                  <td className="num">{amountIn(sample.price, sample.currency) || String(sample.price)}</td>
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
            {report.pictureProblems.map((problem) => (
              <li key={`${problem.line} ${problem.url}`}>
                Line {problem.line} · <span className="import-report__url">{problem.url}</span>: {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
