/**
 * The merchant's API keys over HTTP (the console's "API keys" page; `vitrine keys api` does the same
 * from a shell): list (names and dates, never secrets), create (the secret answered once), revoke.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOwner } from '../../platform/caller.js';
import { DomainError, defineErrors } from '../../platform/errors.js';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import type { ApiKeys, ApiKeyView } from './api-keys.js';

const BASE = '/_api/vitrine/v1/api-keys';

const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  createdDate: z.iso.datetime(),
  revokedDate: z.iso.datetime().nullable().describe('set once revoked: the key no longer works'),
});
const Errors = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
};
const IdParams = z.strictObject({ id: z.string().min(1).max(100) });

/** The API key administration's error codes. */
export const ApiKeyErrors = defineErrors({
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found', description: 'No API key in use has this id' },
});

export async function apiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeys }): Promise<void> {
  const router = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api keys'];

  router.get(
    BASE,
    {
      schema: {
        tags,
        summary: 'List the merchant API keys, oldest first (never their secrets)',
        response: { 200: z.object({ apiKeys: z.array(ApiKey) }), ...Errors },
      },
    },
    async (request) => {
      requireOwner(request);
      return { apiKeys: await deps.apiKeys.list() };
    },
  );

  router.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a merchant API key: its secret is in this answer only (only its hash is kept)',
        body: z.strictObject({ name: z.string().trim().min(1).max(200).describe('what the key is for') }),
        response: { 200: z.object({ apiKey: ApiKey, key: z.string() }), ...Errors },
      },
    },
    async (request) => {
      requireOwner(request);
      const { id, key } = await deps.apiKeys.create(request.body.name);
      return { apiKey: (await deps.apiKeys.find(id)) as ApiKeyView, key };
    },
  );

  router.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Revoke an API key: calls made with it are refused from now on',
        params: IdParams,
        response: { 200: z.object({}), 404: ApplicationErrorResponse, ...Errors },
      },
    },
    async (request) => {
      requireOwner(request);
      if (!(await deps.apiKeys.revoke(request.params.id))) throw new DomainError(ApiKeyErrors.API_KEY_NOT_FOUND, { id: request.params.id });
      return {};
    },
  );
}
