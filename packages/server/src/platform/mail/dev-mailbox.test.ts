import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer } from '../../../test/support/test-server.js';

const server = testServerForFile();

const mail = (to: string, subject: string) => ({ to, subject, text: `${subject}\n`, html: `<p>${subject}</p>` });

describe('/_dev/mailbox', () => {
  it('keeps mail in the database and lists it newest first as JSON', async () => {
    await server.services.mailer.send(mail('first@example.com', 'First'));
    await server.services.mailer.send(mail('second@example.com', 'Second'));
    const res = await fetch(`${server.url}/_dev/mailbox?format=json`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const all = (await res.json()) as { subject: string; date: string }[];
    expect(all.slice(0, 2).map((listed) => listed.subject)).toEqual(['Second', 'First']);
    expect(new Date(all[0].date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by recipient, whatever the case', async () => {
    await server.services.mailer.send(mail('Filter.Me@example.com', 'For me'));
    await server.services.mailer.send(mail('someone-else@example.com', 'Not for me'));
    expect(await mailsTo(server.url, 'filter.me@EXAMPLE.com')).toEqual([
      { to: 'Filter.Me@example.com', subject: 'For me', text: 'For me\n', html: '<p>For me</p>', date: expect.any(String) },
    ]);
  });

  it('shows a readable HTML page with everything escaped', async () => {
    await server.services.mailer.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', text: 'a & b <i>', html: '<p>x</p>' });
    const res = await fetch(`${server.url}/_dev/mailbox`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await res.text();
    expect(page).toContain('<h2>&lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(page).toContain('a &amp; b &lt;i&gt;');
    expect(page).not.toContain('<script>');
  });

  it('is not served when SMTP is configured', async () => {
    const smtp = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect((await fetch(`${smtp.url}/_dev/mailbox?format=json`)).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it('is not served in production', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', VITRINE_SECRET: 'a-production-secret-of-32-characters!' });
    try {
      expect((await fetch(`${prod.url}/_dev/mailbox?format=json`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
