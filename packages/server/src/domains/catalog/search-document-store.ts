/**
 * SQL of the products' search documents (migration 0024, issue #22). Each catalogue writer calls
 * `refreshSearchDocuments` inside its own transaction after it wrote what a document is made of
 * (the product, its variants' SKUs, its options, its collections), so search never sees a product
 * other than as it was committed.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * The text of each product by weight: `name` (A); `labels`: brand, SKUs, option choices and the
 * names of its visible collections (B); `description` (C, rich text: the parser leaves tags out).
 */
const productTexts = (productIds: readonly string[]) => sql`
  SELECT p.id,
         p.name,
         concat_ws(' ', p.brand, p.sku, skus.text, choices.text, collection_names.text) AS labels,
         left(p.description, 100000) AS description
  FROM products p
  LEFT JOIN LATERAL (
    SELECT string_agg(v.sku, ' ') AS text FROM product_variants v WHERE v.product_id = p.id AND v.sku IS NOT NULL
  ) skus ON TRUE
  LEFT JOIN LATERAL (
    SELECT string_agg(concat_ws(' ', choice ->> 'value', choice ->> 'description'), ' ') AS text
    FROM jsonb_array_elements(p.product_options) AS option,
         jsonb_array_elements(option -> 'choices') AS choice
  ) choices ON TRUE
  LEFT JOIN LATERAL (
    SELECT string_agg(c.name, ' ') AS text
    FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
    WHERE pc.product_id = p.id AND c.visible
  ) collection_names ON TRUE
  WHERE p.id = ANY(CAST(${productIds} AS uuid[]))`;

/**
 * Writes the search documents of `productIds` from what the catalogue holds now, adds their lexemes
 * to those a word being typed is completed to (migration 0038), and their words (not the
 * descriptions', nor any with a digit: SKUs are not corrected) to the words typos are corrected to.
 * One statement; lexemes and words go in in sorted order so that two writers adding the same new
 * ones wait for each other, never deadlock.
 */
export async function refreshSearchDocuments(db: Kysely<Database>, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await sql`
    WITH texts AS (${productTexts(productIds)}),
    documents AS (
      INSERT INTO product_search (product_id, document)
      SELECT id,
             setweight(to_tsvector('vitrine_search', name), 'A')
             || setweight(to_tsvector('vitrine_search', labels), 'B')
             || setweight(to_tsvector('vitrine_words', labels), 'B')
             || setweight(to_tsvector('vitrine_search', description), 'C')
      FROM texts
      ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document
      RETURNING document
    ),
    lexemes AS (
      INSERT INTO search_lexemes (lexeme)
      SELECT DISTINCT lexeme FROM documents, unnest(tsvector_to_array(documents.document)) AS lexeme
      ORDER BY lexeme
      ON CONFLICT (lexeme) DO NOTHING
    )
    INSERT INTO search_words (word)
    SELECT DISTINCT word
    FROM texts, unnest(tsvector_to_array(to_tsvector('vitrine_words', concat_ws(' ', name, labels)))) AS word
    WHERE length(word) BETWEEN 3 AND 40 AND word !~ '[0-9]'
    ORDER BY word
    ON CONFLICT (word) DO NOTHING`.execute(db);
}

/** Refreshes the documents of every product in a collection (its name or visibility changed). */
export async function refreshSearchDocumentsOfCollection(db: Kysely<Database>, collectionId: string): Promise<void> {
  const rows = await db.selectFrom('product_collections').select('product_id').where('collection_id', '=', collectionId).execute();
  await refreshSearchDocuments(
    db,
    rows.map((row) => row.product_id),
  );
}
