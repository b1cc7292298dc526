/**
 * Re-sanitises the rich text already stored (`vitrine sanitize-rich-text`, #18): product descriptions
 * and additional-info sections written before `productChange` sanitised them, or written straight into
 * the database. A product whose text changes is rewritten through `mutateProduct`, the frame of every
 * product write, so it publishes `product.changed` as the merchant API does: webhooks hear it, and the
 * outbox's trigger tells every running server to drop its cached answers. Collection descriptions are
 * plain text (rendered as text everywhere), so they are not HTML to sanitise and are left alone.
 */
import { sanitizeRichText } from '@vitrine/rich-text';
import type { EventIdentity } from '../events/event-identity.js';
import type { ProductPatch } from './product-input.js';
import type { ProductRow } from './product-view.js';
import { type CatalogWriteDeps, inTransaction, mutateProduct } from './write-context.js';
import * as store from './write-store.js';

/** Products read, and rewritten in one transaction, at a time. */
export const RICH_TEXT_BATCH = 100;

/** A stored product's text as the pass reads it. */
type StoredRichText = Pick<ProductRow, 'description' | 'additional_info_sections'>;

/** The columns whose sanitised text differs from the stored one, and the wire names of those fields. */
interface RichTextRepair {
  patch: ProductPatch;
  fields: ('description' | 'additionalInfoSections')[];
}

export interface RichTextPassOptions {
  /** report what would change, write nothing */
  dryRun: boolean;
  /** who the events name */
  who: EventIdentity;
  batchSize?: number;
  /** told of each product whose text changes (or would, in a dry run) */
  onRepair?: (product: { id: string; slug: string; fields: RichTextRepair['fields'] }) => void;
}

export interface RichTextPassReport {
  /** products read */
  checked: number;
  /** products whose text changed (or would, in a dry run) */
  changed: number;
}

/** What sanitising a product's stored text again changes; no fields when it is already clean. */
function richTextRepair(row: StoredRichText): RichTextRepair {
  const repair: RichTextRepair = { patch: {}, fields: [] };
  const description = sanitizeRichText(row.description);
  if (description !== row.description) {
    repair.patch.description = description;
    repair.fields.push('description');
  }
  const sections = (row.additional_info_sections ?? []) as { description?: unknown }[];
  const cleaned = sections.map((section) =>
    typeof section?.description === 'string' ? { ...section, description: sanitizeRichText(section.description) } : section,
  );
  if (cleaned.some((section, i) => section?.description !== sections[i]?.description)) {
    repair.patch.additional_info_sections = JSON.stringify(cleaned);
    repair.fields.push('additionalInfoSections');
  }
  return repair;
}

/**
 * Reads every product in batches and rewrites the ones whose rich text the sanitiser changes (one
 * transaction a batch, each product locked and its change recomputed from the locked row). A second
 * pass changes nothing.
 */
export async function sanitizeStoredRichText(deps: CatalogWriteDeps, options: RichTextPassOptions): Promise<RichTextPassReport> {
  const batchSize = options.batchSize ?? RICH_TEXT_BATCH;
  const report: RichTextPassReport = { checked: 0, changed: 0 };
  let after: string | null = null;
  for (;;) {
    const rows = await store.listProductRichText(deps.db, after, batchSize);
    if (rows.length === 0) return report;
    after = rows[rows.length - 1].id;
    report.checked += rows.length;
    const dirty = rows.map((row) => ({ ...row, fields: richTextRepair(row).fields })).filter((row) => row.fields.length > 0);
    report.changed += dirty.length;
    for (const { id, slug, fields } of dirty) options.onRepair?.({ id, slug, fields });
    if (options.dryRun || dirty.length === 0) continue;
    await inTransaction(deps.db, async (trx) => {
      for (const { id } of dirty) await mutateProduct(deps, trx, id, options.who, (locked) => ({ patch: richTextRepair(locked).patch }));
    });
  }
}
