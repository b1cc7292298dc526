/**
 * `GET /_api/vitrine/v1/catalogue/export` and `POST /_api/vitrine/v1/catalogue/import` (Vitrine
 * extensions, issue #24; merchants, staff included: it is catalogue work). The import takes the raw
 * file as the body (text/csv or application/json, at most 20 MB), which must be UTF-8.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { ApplicationErrorResponse, MerchantErrorResponses } from '../../platform/http/error-schemas.js';
import { identityOf } from '../events/event-identity.js';
import { CatalogueTransferErrors } from './errors.js';
import { ExportQuery, ImportQuery, ImportSummary } from './schemas.js';
import type { CatalogueTransferService } from './service.js';

/** The largest file the import route reads. */
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Body types the import takes as raw bytes. */
const FILE_TYPES = ['text/csv', 'application/json', 'text/plain'];

/** UTF-8 bytes as text (a byte order mark dropped), or undefined when they are not UTF-8. */
function utf8Text(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export async function catalogueTransferRoutes(app: FastifyInstance, deps: { transfer: CatalogueTransferService }): Promise<void> {
  const merchantOnly = async (request: Parameters<typeof requireCaller>[0]) => {
    requireCaller(request, 'merchant');
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/_api/vitrine/v1/catalogue/export',
    {
      onRequest: merchantOnly,
      schema: {
        tags: ['catalogue transfer'],
        summary: 'Every product with its variants, collections and pictures, as CSV or JSON that `vitrine import` reads (merchant)',
        querystring: ExportQuery,
        produces: ['text/csv', 'application/json'],
        response: { 200: z.unknown().describe('the file, as an attachment'), ...MerchantErrorResponses },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="vitrine-products-${day}.${format}"`)
        .header('cache-control', 'no-store')
        .send(deps.transfer.export(format));
    },
  );

  await app.register(async (upload) => {
    // Before the body is read: a shopper's 20 MB file is refused unread.
    upload.addHook('onRequest', merchantOnly);
    upload.removeContentTypeParser('application/json');
    upload.removeContentTypeParser('text/plain');
    upload.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) => done(null, body));
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/_api/vitrine/v1/catalogue/import',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags: ['catalogue transfer'],
          summary:
            'Preview or import a product file (Vitrine CSV or JSON, Shopify or Wix Stores product CSV; the raw UTF-8 file as the body, at most 20 MB), all or nothing (merchant)',
          querystring: ImportQuery,
          response: {
            200: ImportSummary,
            ...MerchantErrorResponses,
            413: ApplicationErrorResponse,
            415: ApplicationErrorResponse,
            422: ApplicationErrorResponse.describe(
              'the file was refused; data.problems lists the problems by line (at most 200), data.total counts them',
            ),
          },
        },
      },
      async (request) => {
        const text = Buffer.isBuffer(request.body) ? utf8Text(request.body) : '';
        if (text === undefined) throw new DomainError(CatalogueTransferErrors.IMPORT_NOT_UTF8);
        const { format, mode } = request.query;
        if (mode === 'preview') return deps.transfer.preview(text, format);
        return deps.transfer.import(text, format, identityOf(request.caller));
      },
    );
  });
}
