import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../http/error-schemas.js';
import type { ChallengeIssuer } from './challenges.js';
import { ChallengeQuery, ChallengeResponse } from './schemas.js';

/**
 * `GET /_api/captcha/challenge` and the ALTCHA widget files under `/altcha/`.
 *
 * A page loads the external build, which starts its workers from our own URLs and so works under a
 * strict CSP (the default `main/altcha.min.js` starts them from `blob:` URLs, which needs
 * `worker-src blob:`):
 *
 *   <link rel="stylesheet" href="/altcha/external/altcha.css">
 *   <script type="module" src="/altcha/external/altcha.min.js"></script>
 *   <script type="module" nonce="…">  (or the same two lines in a script file: CSP blocks bare inline scripts)
 *     $altcha.algorithms.set('PBKDF2/SHA-256', () => new Worker('/altcha/workers/pbkdf2.js'));
 *     $altcha.algorithms.set('SHA-256', () => new Worker('/altcha/workers/sha.js'));
 *   </script>
 *   <altcha-widget challenge="/_api/captcha/challenge?kind=visible"></altcha-widget>
 *
 * (`?kind=invisible` with `auto="onload"` for the invisible one.) The widget's payload is the token
 * to send as `captchaTokens: [{Recaptcha}]` or `[{InvisibleRecaptcha}]`.
 */
export async function captchaRoutes(app: FastifyInstance, deps: { challenges: ChallengeIssuer }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/_api/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A new proof-of-work challenge for the ALTCHA widget',
        querystring: ChallengeQuery,
        response: { 200: ChallengeResponse, 400: ValidationErrorResponse, 429: ApplicationErrorResponse },
      },
      // Issuing costs a key derivation: limited per IP with the default rate (RATE_LIMIT_PER_MINUTE).
      config: { rateLimit: {} },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const challenge = await deps.challenges.issueChallenge(request.query.kind);
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },
  );

  await app.register(fastifyStatic, {
    root: altchaDistDir(),
    prefix: '/altcha/',
    // Another plugin may register @fastify/static too; only one may decorate the reply.
    decorateReply: false,
    schemaHide: true,
    index: false,
    dotfiles: 'ignore',
    // The browser needs the scripts and styles only, not the package's typings or CommonJS builds.
    allowedPath: (path) => /\.(js|css)$/.test(path),
  });
}

/** `node_modules/altcha/dist`, found through the package's own exports (it exports no package.json). */
function altchaDistDir(): string {
  const dist = dirname(dirname(createRequire(import.meta.url).resolve('altcha/external')));
  if (!existsSync(join(dist, 'external', 'altcha.min.js'))) throw new Error(`altcha widget files not found in ${dist}`);
  return dist;
}
