/**
 * Media files: the merchant uploads raw bytes (`POST /_api/media/v1/files?fileName=…`), anyone
 * fetches them back at `/media/{id}/{fileName}` (immutable: a file never changes under its id),
 * and deletes one nothing shows (`DELETE /_api/media/v1/files/{id}`).
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../platform/caller.js';
import { DomainError } from '../../platform/errors.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { MAX_UPLOAD_BYTES, type MediaStore, UPLOAD_TYPES } from './media-store.js';
import { CatalogWriteErrors } from './write-errors.js';
import { Empty, MediaFileParams, ServeMediaParams, UploadQuery, UploadResponse } from './write-schemas.js';

export interface MediaRouteDeps {
  media: MediaStore;
}

/** Upload (merchant only, in its own scope with the raw-body parsers), deletion and download of media files. */
export async function mediaRoutes(app: FastifyInstance, deps: MediaRouteDeps): Promise<void> {
  await app.register(async (upload) => {
    // Before the body is read: a shopper's 10 MB upload is refused without reading it.
    upload.addHook('onRequest', async (request) => {
      requireCaller(request, 'merchant');
    });
    upload.addContentTypeParser([...UPLOAD_TYPES], { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/_api/media/v1/files',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          tags: ['media'],
          summary: `Upload a media file: the raw bytes as the body, typed ${UPLOAD_TYPES.join(', ')} (at most 10 MB)`,
          querystring: UploadQuery,
          response: {
            200: UploadResponse,
            400: ValidationErrorResponse.or(ApplicationErrorResponse),
            401: ApplicationErrorResponse,
            403: ApplicationErrorResponse,
            413: ApplicationErrorResponse,
            415: ApplicationErrorResponse,
          },
        },
      },
      async (request) => {
        // JSON and form bodies have their own parsers: anything not parsed raw here is not a media type.
        if (!Buffer.isBuffer(request.body)) {
          throw new DomainError(CatalogWriteErrors.UNSUPPORTED_MEDIA_TYPE, { contentType: request.headers['content-type'] ?? null });
        }
        return { file: await deps.media.upload(request.body, request.headers['content-type'] ?? '', request.query.fileName) };
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/_api/media/v1/files/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Delete an uploaded media file that no product or collection shows (merchant only)',
        params: MediaFileParams,
        response: {
          200: Empty,
          400: ValidationErrorResponse,
          401: ApplicationErrorResponse,
          403: ApplicationErrorResponse,
          404: ApplicationErrorResponse,
          409: ApplicationErrorResponse,
        },
      },
    },
    async (request) => {
      requireCaller(request, 'merchant');
      await deps.media.delete(request.params.id);
      return {};
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/:id/:fileName',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded media file (cacheable forever: files never change)',
        params: ServeMediaParams,
        response: { 200: z.unknown().describe('the file, with its content type'), 404: ApplicationErrorResponse },
      },
    },
    async (request, reply) => {
      const file = await deps.media.find(request.params.id, request.params.fileName);
      if (!file) throw new DomainError(CatalogWriteErrors.MEDIA_FILE_NOT_FOUND, { id: request.params.id });
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file.path));
    },
  );
}
