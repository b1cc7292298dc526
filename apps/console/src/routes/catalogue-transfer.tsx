import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { ImportFileField } from '../components/import-file-field.js';
import { ImportProblems } from '../components/import-problems.js';
import { ImportReport } from '../components/import-report.js';
import { Problem } from '../components/problem.js';
import type { ImportFormat } from '../lib/catalogue-transfer.js';
import { useCatalogueExport, useCatalogueImport, useImportCheck } from '../lib/catalogue-transfer-query.js';
import { errorText } from '../lib/format.js';
import { importFailureOf } from '../lib/import-failure.js';

const FORMATS: Record<ImportFormat, string> = {
  auto: 'Automatic (tell from the file)',
  vitrine: 'Vitrine (CSV or JSON)',
  shopify: 'Shopify product CSV',
  wix: 'Wix Stores product CSV',
};

const products = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'product' : 'products'}`;

/**
 * The catalogue in and out (issue #24): the export as CSV or JSON; an import file (Vitrine's own, or
 * a Shopify or Wix Stores product export) checked first, then imported all at once after a confirm.
 */
export function CatalogueTransferPage() {
  const id = useId();
  const exported = useCatalogueExport();
  const check = useImportCheck();
  const importing = useCatalogueImport();
  const [file, setFile] = useState<File>();
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [confirming, setConfirming] = useState(false);

  // a new file or format makes the last check and import stale
  const startOver = () => {
    check.reset();
    importing.reset();
  };
  const submitCheck = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    importing.reset();
    check.mutate({ file, format });
  };
  const runImport = () => {
    if (!file) return;
    importing.mutate({ file, format }, { onSettled: () => setConfirming(false) });
  };
  const preview = check.data && !importing.isSuccess ? check.data : undefined;
  const failed = check.isError ? check.error : importing.isError ? importing.error : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className="transfer">
      <div className="page-heading">
        <h1 id={`${id}-title`}>Import and export</h1>
        <Link to="/products">Back to the products</Link>
      </div>

      <section className="form-section" aria-labelledby={`${id}-export`}>
        <h2 id={`${id}-export`}>Export the catalogue</h2>
        <p className="muted">Every product with its variants, collections and pictures' addresses, hidden products too.</p>
        <div className="actions__buttons">
          {(['csv', 'json'] as const).map((fileFormat) => (
            <button
              key={fileFormat}
              type="button"
              className="button"
              disabled={exported.isPending}
              onClick={() => exported.mutate(fileFormat)}
            >
              Download {fileFormat.toUpperCase()}
            </button>
          ))}
        </div>
        {exported.isPending ? <p role="status">Exporting…</p> : null}
        <Problem text={exported.isError ? `The export failed: ${errorText(exported.error)}` : ''} />
      </section>

      <section className="form-section" aria-labelledby={`${id}-import`}>
        <h2 id={`${id}-import`}>Import products</h2>
        <p className="muted">
          A file exported here, or a product export of Shopify or Wix Stores. The file is checked first; an import adds all its products or,
          when anything is wrong, none.
        </p>
        <form onSubmit={submitCheck} aria-label="Check an import file">
          <ImportFileField
            file={file}
            onFile={(chosen) => {
              setFile(chosen);
              startOver();
            }}
          />
          <div className="toolbar">
            <label>
              File from{' '}
              <select
                value={format}
                onChange={(event) => {
                  setFormat(event.target.value as ImportFormat);
                  startOver();
                }}
              >
                {Object.entries(FORMATS).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button" disabled={!file || check.isPending || importing.isPending}>
              {check.isPending ? 'Checking…' : 'Check file'}
            </button>
          </div>
        </form>

        {failed ? <ImportProblems failure={importFailureOf(failed)} /> : null}

        {preview ? (
          <section aria-labelledby={`${id}-preview`}>
            <div role="status">
              <h3 id={`${id}-preview`}>The file is ready to import</h3>
            </div>
            <ImportReport report={preview} />
            <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
              Import {products(preview.products)}
            </button>
            <ConfirmDialog
              open={confirming}
              title={`Import ${products(preview.products)}?`}
              confirmLabel={importing.isPending ? 'Importing…' : 'Import'}
              busy={importing.isPending}
              onConfirm={runImport}
              onCancel={() => setConfirming(false)}
            >
              <p>
                They are added to the catalogue as the check showed
                {preview.collectionsToCreate.length ? `, with ${preview.collectionsToCreate.length} new collections` : ''}. The console
                cannot undo an import.
              </p>
            </ConfirmDialog>
          </section>
        ) : null}

        {importing.data ? (
          <div role="status" className="import-done" data-testid="import-done">
            <p className="form-saved">
              Imported {products(importing.data.products)}. <Link to="/products">See the products</Link>
            </p>
            <ImportReport report={importing.data} />
          </div>
        ) : null}
      </section>
    </section>
  );
}
