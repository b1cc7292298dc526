/** Wire shapes of the catalogue export and import routes (Vitrine's merchant API, issue #24). */
import { z } from 'zod';
import { IMPORT_FORMATS } from '../../seed/import-format.js';

export const ExportQuery = z.strictObject({ format: z.enum(['csv', 'json']).default('csv') });

export const ImportQuery = z.strictObject({
  format: z.enum(['auto', ...IMPORT_FORMATS]).default('auto'),
  mode: z.enum(['preview', 'import']).default('preview'),
});

export const PictureProblem = z.object({
  line: z.number().int().describe('the line of the file naming the picture'),
  url: z.string(),
  reason: z.string().describe('why it was not fetched: the product was imported without it'),
});
export type PictureProblem = z.infer<typeof PictureProblem>;

export const ImportSummary = z.object({
  format: z.enum(IMPORT_FORMATS).describe('the format the file was read as'),
  products: z.number().int(),
  variants: z.number().int(),
  collectionsToCreate: z.array(z.string()).describe('slugs of the collections the import creates'),
  pictures: z.number().int().describe('picture URLs named'),
  sample: z
    .array(
      z.object({
        line: z.number().int(),
        name: z.string(),
        slug: z.string(),
        variants: z.number().int(),
        price: z.string().describe('decimal text in the shop currency'),
        currency: z.string(),
      }),
    )
    .describe('the first 20 products'),
  pictureProblems: z.array(PictureProblem).describe('pictures not fetched (always empty in a preview, which fetches none)'),
  imported: z.boolean().describe('false for a preview'),
});
export type ImportSummary = z.infer<typeof ImportSummary>;
