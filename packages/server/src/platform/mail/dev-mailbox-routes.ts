import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevMailbox, StoredMail } from './dev-mailbox.js';
import { escapeHtml } from './escape-html.js';

const StoredMailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), date: z.string() });

/**
 * `/_dev/mailbox`: the mail the server would have sent, newest first, as a readable page or (with
 * `?format=json`) as `[{to, subject, text, html, date}]`; `?to=` keeps one recipient's mail.
 * Registered only without SMTP and outside production: it shows codes and recovery links.
 */
export async function devMailboxRoutes(app: FastifyInstance, deps: { mailbox: DevMailbox }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/_dev/mailbox',
    {
      schema: {
        hide: true,
        tags: ['dev'],
        summary: 'Development mailbox: mail kept instead of sent (no SMTP configured, not production)',
        querystring: z.object({ format: z.enum(['html', 'json']).default('html'), to: z.string().max(320).optional() }),
        response: { 200: z.union([z.array(StoredMailSchema), z.string()]) },
      },
    },
    async (request, reply) => {
      const mails = await deps.mailbox.list({ to: request.query.to });
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'json') return mails;
      return reply.type('text/html; charset=utf-8').send(page(mails));
    },
  );
}

function page(mails: StoredMail[]): string {
  const items = mails.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Vitrine dev mailbox</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
article { border-top: 1px solid #ddd; padding: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0; }
.meta { color: #666; margin: 0.25rem 0; font-size: 0.9rem; }
pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.75rem; border-radius: 4px; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the server would have sent (no SMTP configured), newest first.</p>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</body>
</html>
`;
}
