/**
 * `catalogueTransfer`: the merchant's catalogue export and import (Vitrine's merchant API, issue #24;
 * merchants and staff). Files travel as they are, so the calls are raw (`catalogue-transfer-calls.ts`,
 * loaded on first call).
 */
import type { CatalogueImportOptions, CatalogueImportSummary, ExportCatalogueOptions } from '../types/index.js';
import type { Call } from './call.js';
import { later } from './later.js';

type CatalogueTransfer = {
  /**
   * Every product with its variants, collections and pictures' URLs, as a CSV (default) or JSON file
   * that the import reads back.
   * @example const csv = await client.catalogueTransfer.exportCatalogue({ format: 'csv' });
   */
  exportCatalogue: Call<(options?: ExportCatalogueOptions) => Promise<Blob>>;
  /**
   * Checks a product file (Vitrine CSV or JSON, Shopify or Wix Stores product CSV; UTF-8) and answers
   * what importing it would do; nothing is written and no picture fetched.
   * @throws VitrineError 422 with `details.applicationError.data.problems` ({ line, field, message }[]) and `data.total` when the file has problems; 422 when it is not UTF-8; 413 when it has too many products
   * @example const preview = await client.catalogueTransfer.previewCatalogueImport(input.files[0]);
   */
  previewCatalogueImport: Call<(file: Blob | string, options?: CatalogueImportOptions) => Promise<CatalogueImportSummary>>;
  /**
   * Imports a product file, all or nothing, fetching the pictures it names into the shop's media
   * (those that cannot be fetched are left out and listed in `pictureProblems`).
   * @throws VitrineError as `previewCatalogueImport`
   * @example const done = await client.catalogueTransfer.importCatalogue(file, { format: 'shopify' });
   */
  importCatalogue: Call<(file: Blob | string, options?: CatalogueImportOptions) => Promise<CatalogueImportSummary>>;
};

export const catalogueTransfer = /* @__PURE__ */ later<CatalogueTransfer>(
  'exportCatalogue previewCatalogueImport importCatalogue',
  async () => (await import('../on-demand.js')).catalogueTransferCalls,
);
