/**
 * The merchant's catalogue export and import (issue #24): export streams every product in the
 * format asked; import reads a file (Vitrine CSV or JSON, Shopify or Wix Stores product CSV), checks
 * it with `vitrine import`'s rules (`checkImport`), and either answers what it would do (preview) or
 * fetches the pictures it names into the shop's media (before the transaction: a slow picture never
 * holds one open) and writes every product in one transaction (`writeImport`). A refused file
 * changes nothing; a picture that cannot be fetched is left out and reported on its line.
 */
import type { Readable } from 'node:stream';
import { DomainError } from '../../platform/errors.js';
import { toDecimal, toMinor } from '../../platform/money/money.js';
import { type CheckedImport, checkImport, ImportRejected, writeImport } from '../../seed/import-catalog.js';
import { type ImportFormat, readImportFile } from '../../seed/import-format.js';
import { MAX_UPLOAD_BYTES, type MediaStore } from '../catalog/media-store.js';
import { combinationCount } from '../catalog/product-rules.js';
import type { CatalogWriteDeps } from '../catalog/write-context.js';
import type { EventIdentity } from '../events/event-identity.js';
import { WebhookAddressPolicy } from '../events/webhook-addresses.js';
import { catalogueCsv, catalogueEntries, catalogueJson } from './catalogue-export.js';
import { CatalogueTransferErrors } from './errors.js';
import { fetchPicture } from './picture-fetch.js';
import type { ImportSummary, PictureProblem } from './schemas.js';

/** Most products one import request takes (the CLI takes any number). */
const MAX_IMPORT_PRODUCTS = 10_000;
/** Most problems an answer lists (the total is counted). */
const MAX_LISTED_PROBLEMS = 200;
/** Products the summary shows. */
const SAMPLE_SIZE = 20;
/** Pictures fetched at once, and how long one may take. */
const PARALLEL_FETCHES = 4;
const FETCH_TIMEOUT_MS = 15_000;

export interface CatalogueTransferDeps {
  catalog: CatalogWriteDeps;
  media: Pick<MediaStore, 'upload' | 'remove'>;
  publicUrl: string;
  /** whether pictures may be fetched from loopback and private addresses */
  fetchPrivateAddresses: boolean;
}

export class CatalogueTransferService {
  private readonly addresses: WebhookAddressPolicy;

  constructor(private readonly deps: CatalogueTransferDeps) {
    this.addresses = new WebhookAddressPolicy(deps.fetchPrivateAddresses);
  }

  /** Every product as CSV or JSON, streamed. */
  export(format: 'csv' | 'json'): Readable {
    const entries = catalogueEntries(this.deps.catalog.db, this.deps.publicUrl);
    return format === 'csv' ? catalogueCsv(entries) : catalogueJson(entries);
  }

  /**
   * What importing the file would do; nothing is written and no picture fetched.
   * @throws DomainError IMPORT_REJECTED (data.problems), IMPORT_TOO_MANY_PRODUCTS
   */
  async preview(text: string, format: ImportFormat | 'auto'): Promise<ImportSummary> {
    const { chosen, checked } = await this.check(text, format);
    return summary(chosen, checked, this.deps.catalog.currency, [], false);
  }

  /**
   * Imports the file, all or nothing; pictures that cannot be fetched are left out and reported.
   * @throws DomainError IMPORT_REJECTED (data.problems), IMPORT_TOO_MANY_PRODUCTS
   */
  async import(text: string, format: ImportFormat | 'auto', identity: EventIdentity): Promise<ImportSummary> {
    const { chosen, checked } = await this.check(text, format);
    const { problems: pictureProblems, stored } = await this.storePictures(checked);
    try {
      await writeImport(this.deps.catalog, checked, { identity });
    } catch (error) {
      // Nothing was imported: the pictures fetched for it would be files nothing shows.
      await this.deps.media.remove(stored);
      throw rejected(error);
    }
    return summary(chosen, checked, this.deps.catalog.currency, pictureProblems, true);
  }

  private async check(text: string, format: ImportFormat | 'auto') {
    const { format: chosen, read } = readImportFile(text, format);
    if (read.rows.length > MAX_IMPORT_PRODUCTS) {
      throw new DomainError(
        CatalogueTransferErrors.IMPORT_TOO_MANY_PRODUCTS,
        { products: read.rows.length, max: MAX_IMPORT_PRODUCTS },
        `The file has ${read.rows.length} products; one import takes at most ${MAX_IMPORT_PRODUCTS}: split it, or use \`vitrine import\` on the server`,
      );
    }
    try {
      return { chosen, checked: await checkImport(this.deps.catalog, read) };
    } catch (error) {
      throw rejected(error);
    }
  }

  /**
   * Fetches every picture named (each URL once, a few at a time) into the media store and points the
   * products at the stored files; a picture that cannot be had is dropped from its product and reported
   * on the line naming it. Answers those problems and the ids of the files stored.
   */
  private async storePictures(checked: CheckedImport): Promise<{ problems: PictureProblem[]; stored: string[] }> {
    const urls = [...new Set(checked.rows.flatMap((row) => row.images.map((picture) => picture.url)))];
    const stored = new Map<string, { id: string; url: string; width?: number; height?: number } | { reason: string }>();
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++] as string;
        stored.set(url, await this.storePicture(url));
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, urls.length) }, worker));
    const problems: PictureProblem[] = [];
    checked.rows.forEach((row, i) => {
      const media: unknown[] = [];
      for (const { url, line, altText } of row.images) {
        const file = stored.get(url);
        if (!file || 'reason' in file) problems.push({ line, url, reason: file?.reason ?? 'not fetched' });
        else media.push({ id: file.id, mediaType: 'image', image: { url: file.url, width: file.width, height: file.height, altText } });
      }
      (checked.specs[i] as { media?: unknown[] }).media = media;
    });
    const ids = [...stored.values()].flatMap((file) => ('id' in file ? [file.id] : []));
    return { problems, stored: ids };
  }

  private async storePicture(url: string) {
    const fetched = await fetchPicture(url, this.addresses, { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_UPLOAD_BYTES });
    if (!fetched.ok) return { reason: fetched.reason };
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'picture');
    try {
      return await this.deps.media.upload(fetched.bytes, fetched.contentType, name);
    } catch (error) {
      if (error instanceof DomainError) return { reason: `not a JPEG, PNG, GIF or WebP picture (${fetched.contentType})` };
      throw error;
    }
  }
}

/** An import refusal as the wire's 422: the first problems by line, and how many there are. */
function rejected(error: unknown): unknown {
  if (!(error instanceof ImportRejected)) return error;
  const problems = error.errors.slice(0, MAX_LISTED_PROBLEMS).map(({ line, field, message }) => ({ line, field: field ?? null, message }));
  return new DomainError(
    CatalogueTransferErrors.IMPORT_REJECTED,
    { problems, total: error.errors.length },
    `${error.message}${error.errors.length > MAX_LISTED_PROBLEMS ? ` (the first ${MAX_LISTED_PROBLEMS} are listed)` : ''}`,
  );
}

function summary(
  format: ImportFormat,
  checked: CheckedImport,
  currency: string,
  pictureProblems: PictureProblem[],
  imported: boolean,
): ImportSummary {
  const variants = checked.specs.map((spec) => combinationCount(spec.options));
  return {
    format,
    products: checked.specs.length,
    variants: variants.reduce((total, count) => total + count, 0),
    collectionsToCreate: checked.collectionsToCreate,
    pictures: checked.rows.reduce((total, row) => total + row.images.length, 0),
    sample: checked.specs.slice(0, SAMPLE_SIZE).map((spec, i) => ({
      line: (checked.rows[i] as { line: number }).line,
      name: spec.name,
      slug: spec.slug,
      variants: variants[i] as number,
      price: toDecimal(toMinor(String(spec.patch.price ?? '0'), currency), currency),
      currency,
    })),
    pictureProblems,
    imported,
  };
}
