/**
 * `vitrine sanitize-rich-text`: sanitises the catalogue's stored rich text again with the allowlist
 * every write now passes (#18), for rows written before it existed or straight into the database.
 */
import { RICH_TEXT_BATCH, sanitizeStoredRichText } from '../domains/catalog/write-rich-text-pass.js';
import { UNKNOWN_IDENTITY } from '../domains/events/event-identity.js';
import { type CliCommand, type Invocation, UsageError } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

const products = (count: number) => `${count} product${count === 1 ? '' : 's'}`;

/** `--batch-size`: a whole number of at least 1. @throws UsageError */
function batchSizeOf(invocation: Invocation): number {
  const text = invocation.string('batch-size');
  if (text === undefined) return RICH_TEXT_BATCH;
  const size = Number(text);
  if (!/^\d+$/.test(text) || size < 1) throw new UsageError(`--batch-size must be a whole number of at least 1, not '${text}'`);
  return size;
}

export const resanitizeRichText: CliCommand = {
  name: 'sanitize-rich-text',
  summary: 'Sanitise the stored product descriptions and additional-info sections again (rows written before sanitising)',
  flags: {
    'dry-run': { type: 'boolean', description: 'Report what would change; write nothing' },
    'batch-size': { type: 'string', value: '<n>', description: `Products read and rewritten per transaction (default ${RICH_TEXT_BATCH})` },
    ...databaseFlags,
  },
  notes: [
    'Every product description and additional-info section goes through the same allowlist as the API,',
    'the console and `vitrine import` (scripts, styles, images, frames, handlers and other attributes',
    'removed). Each product whose text changes is listed as "slug (id): fields" and rewritten like a',
    'merchant edit: webhooks receive product.changed, and running servers drop their cached answers.',
    'Running it again changes nothing. Collection descriptions are plain text and are left as they are.',
  ],
  async run(invocation) {
    const dryRun = invocation.flag('dry-run');
    const batchSize = batchSizeOf(invocation);
    return usingServices(invocation, async (services) => {
      const report = await sanitizeStoredRichText(services.catalogWriteDeps, {
        dryRun,
        batchSize,
        who: UNKNOWN_IDENTITY,
        onRepair: ({ id, slug, fields }) => invocation.io.out(`${slug} (${id}): ${fields.join(', ')}`),
      });
      invocation.io.out(
        dryRun
          ? `${products(report.changed)} of ${report.checked} would change (dry run: nothing written)`
          : `${products(report.changed)} of ${report.checked} changed`,
      );
      return 0;
    });
  },
};
