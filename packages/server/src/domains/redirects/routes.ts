import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { CreateRedirectSessionRequest, RedirectSessionResponse } from './schemas.js';
import type { RedirectService } from './service.js';

/** `POST /_api/redirects-api/v1/redirect-session`. */
export async function redirectRoutes(app: FastifyInstance, deps: { redirects: RedirectService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/_api/redirects-api/v1/redirect-session',
    {
      schema: {
        tags: ['redirects'],
        summary: 'Create a redirect session (auth, login, logout, checkout, product page, merchant-hosted flows)',
        body: CreateRedirectSessionRequest,
        response: { 200: RedirectSessionResponse, 400: ValidationErrorResponse.or(ApplicationErrorResponse) },
      },
    },
    async (request) => {
      const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
      const redirectSession = await deps.redirects.create(request.body, { caller: request.caller, origin });
      return { redirectSession };
    },
  );
}
