/** The merchant's catalogue export and import (`catalogueTransfer`, Vitrine's merchant API, issue #24). */

/** The file formats the export writes. */
export type CatalogueExportFormat = 'csv' | 'json';

/** The file formats the import reads: Vitrine's own CSV or JSON, or a Shopify or Wix Stores product CSV. */
export type CatalogueImportFormat = 'vitrine' | 'shopify' | 'wix';

/** Options of `catalogueTransfer.exportCatalogue` (default: CSV). */
export interface ExportCatalogueOptions {
  format?: CatalogueExportFormat;
}

/** Options of the import calls: the file's format (default `auto`: told from its header). */
export interface CatalogueImportOptions {
  format?: CatalogueImportFormat | 'auto';
}

/** One of the first products of an import file. */
export interface CatalogueImportSampleProduct {
  /** the line of the file the product starts on */
  line: number;
  name: string;
  slug: string;
  variants: number;
  /** decimal text in the shop currency (`"12.50"`) */
  price: string;
  currency: string;
}

/** A picture the import could not fetch: the product was imported without it. */
export interface CatalogueImportPictureProblem {
  line: number;
  url: string;
  reason: string;
}

/** What an import did, or (a preview) would do. */
export interface CatalogueImportSummary {
  /** the format the file was read as */
  format: CatalogueImportFormat;
  products: number;
  variants: number;
  /** slugs of the collections the import creates */
  collectionsToCreate: string[];
  /** picture URLs the file names */
  pictures: number;
  /** the first 20 products */
  sample: CatalogueImportSampleProduct[];
  /** pictures not fetched (a preview fetches none: always empty) */
  pictureProblems: CatalogueImportPictureProblem[];
  /** false for a preview */
  imported: boolean;
}

/**
 * One problem of a refused import file, in the refusal's `details.applicationError.data.problems`
 * (at most 200; `data.total` counts them all).
 */
export interface CatalogueImportProblem {
  line: number;
  /** the column or field as the file names it; null for a problem of the whole line */
  field: string | null;
  message: string;
}
