import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct, usShipping } from '../../../test/support/checkout-fixtures.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/support/smtp-receiver.js';
import { startTestServer, TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { SmtpMailer } from './smtp-mailer.js';

let smtp: SmtpReceiver;
let smtpUrl: string;
let received: SmtpReceiver['received'];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  smtpUrl = smtp.url;
  received = smtp.received;
});
afterAll(() => smtp.close());

/** The message sent to `to`, waiting briefly for it to arrive. */
async function messageTo(to: string) {
  for (let i = 0; i < 100; i++) {
    const message = received.find((candidate) => candidate.to.includes(to));
    if (message) return parseMime(message.raw);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe('SmtpMailer', () => {
  it('delivers subject, text and HTML intact (non-ASCII, a lone dot line, emoji)', async () => {
    const mailer = new SmtpMailer(smtpUrl, 'Vitrine <no-reply@vitrine.test>');
    const text = 'Hello Zoë,\n.\nA line with only a dot above 🎉\n';
    await mailer.send({ to: 'zoe@example.com', subject: 'Grüße aus Köln ✓', text, html: '<p>Grüße 🎉</p>' });
    mailer.close();
    const message = await messageTo('zoe@example.com');
    expect(message.headers.from).toBe('Vitrine <no-reply@vitrine.test>');
    expect(message.subject).toBe('Grüße aus Köln ✓');
    expect(message.text).toBe(text);
    expect(message.html).toBe('<p>Grüße 🎉</p>');
  });

  it('carries the verification code of a registration to the member, and the code verifies', async () => {
    const server = await startTestServer({ SMTP_URL: smtpUrl, MAIL_FROM: 'Shop <shop@vitrine.test>', VERIFY_EMAIL_ON_REGISTER: 'true' });
    try {
      const client = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const email = `smtp-${crypto.randomUUID().slice(0, 8)}@example.com`;
      expect((await client.auth.register({ email, password: 'correct horse battery staple' })).loginState).toBe(
        'EMAIL_VERIFICATION_REQUIRED',
      );
      const message = await messageTo(email);
      expect(message.headers.from).toBe('Shop <shop@vitrine.test>');
      expect(message.subject).toBe('Your Vitrine verification code');
      const code = /^Your Vitrine verification code is (\d{6})$/m.exec(message.text)?.[1];
      expect(code).toBeDefined();
      expect(message.html).toContain(`<p>Your Vitrine verification code is ${code}</p>`);
      expect(await client.auth.processVerification({ code })).toMatchObject({ loginState: 'SUCCESS' });
    } finally {
      await server.close();
    }
  });

  it('sends every mail from the sender in the shop settings, as soon as the merchant changes it (#20)', async () => {
    const server = await startTestServer({ SMTP_URL: smtpUrl, MAIL_FROM: 'Shop <shop@vitrine.test>', VERIFY_EMAIL_ON_REGISTER: 'true' });
    try {
      const changed = await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', {
        sender: { name: 'Corner Shop', email: 'hello@corner.test' },
      });
      expect(changed.status).toBe(200);
      const client = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const email = `sender-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await client.auth.register({ email, password: 'correct horse battery staple' });
      expect((await messageTo(email)).headers.from).toBe('Corner Shop <hello@corner.test>');
    } finally {
      await server.close();
    }
  });

  it('sends the buyer’s order mails from the shop settings’ sender, named as its settings name the shop (#20)', async () => {
    const server = await startTestServer({ SMTP_URL: smtpUrl, MAIL_FROM: 'Shop <shop@vitrine.test>' });
    try {
      await usShipping(server);
      await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', {
        shopName: 'Corner Shop, Springfield',
        sender: { name: 'Corner Shop, Springfield', email: 'orders@corner.test' },
      });
      const product = await stockedProduct(server, { quantity: 5 });
      const email = uniqueEmail('order-from');
      const order = await placedOrder(server, [{ productId: product._id }], { email });
      const message = await messageTo(email);
      // The comma stays the name's: quoted, not a second address.
      expect(message.headers.from).toBe('"Corner Shop, Springfield" <orders@corner.test>');
      expect(message.subject).toBe(`Your order ${order.number} at Corner Shop, Springfield`);
      expect(message.headers['reply-to']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('sends the buyer’s order mails with Reply-To: the shop’s contact e-mail, once the merchant sets one (#20)', async () => {
    const server = await startTestServer({ SMTP_URL: smtpUrl, MAIL_FROM: 'Shop <no-reply@corner.test>' });
    try {
      await usShipping(server);
      await merchantCall(server, 'PATCH', '/_api/vitrine/v1/shop-settings', { contactEmail: 'help@corner.test' });
      const product = await stockedProduct(server, { quantity: 5 });
      const email = uniqueEmail('reply-to');
      await placedOrder(server, [{ productId: product._id }], { email });
      const message = await messageTo(email);
      expect(message.headers.from).toBe('Shop <no-reply@corner.test>');
      expect(message.headers['reply-to']).toBe('help@corner.test');
    } finally {
      await server.close();
    }
  });
});

// ---- a minimal MIME reader for what nodemailer writes (multipart/alternative, QP or base64)

function parseMime(raw: string) {
  const { headers, body } = splitMessage(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitMessage) : [{ headers, body }];
  const part = (type: string) => {
    const found = parts.find((candidate) => candidate.headers['content-type']?.startsWith(type));
    return found ? decodeBody(found.body, found.headers['content-transfer-encoding'] ?? '7bit') : '';
  };
  return { headers, subject: decodeWords(headers.subject ?? ''), text: part('text/plain'), html: part('text/html') };
}

function splitMessage(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    headers,
    body: raw
      .slice(at)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, ''),
  };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return quotedPrintable(body.replace(/=\r?\n/g, ''))
      .toString('utf8')
      .replace(/\r\n/g, '\n');
  return body.replace(/\r\n/g, '\n');
}

/** Quoted-printable to bytes. */
function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; adjacent words are joined before decoding (a character may span two). */
function decodeWords(text: string): string {
  const joined = text.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(?:=\?[^?]+\?[QB]\?[^?]*\?=)+/gi, (run) => {
    const bytes: Buffer[] = [];
    for (const [, , enc, data] of run.matchAll(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi)) {
      bytes.push(enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' ')));
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}
