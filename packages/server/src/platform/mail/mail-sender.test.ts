/**
 * The mail outbox's sender (#20) against a real SMTP server on loopback that refuses mail until told
 * otherwise: a failed send is kept and retried with backoff, delivered once the server recovers,
 * given up (failed, with the error) after the last attempt, sent again on the merchant's "retry now";
 * two senders over one database never send a mail twice. Time moves by the senders' clocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrder, stockedProduct, usShipping } from '../../../test/support/checkout-fixtures.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/support/smtp-receiver.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import type { RetryPolicy } from '../background/retry-policy.js';
import { DevMailbox } from './dev-mailbox.js';
import { MailSender } from './mail-sender.js';
import type { Mailer } from './mailer.js';
import { insertOutboxMail } from './outbox-store.js';

let smtp: SmtpReceiver;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url });
  await usShipping(server);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** How many messages the SMTP server took for `to`. */
const acceptedFor = (to: string) => smtp.received.filter((mail) => mail.to.includes(to)).length;

const POLICY: RetryPolicy = { delaysMs: [60_000, 600_000], maxAttempts: 3 };

/** A sender of the server's outbox whose clock stands at `at` (the server's own mailer and renderer). */
function senderAt(at: () => Date, options: { mailer?: Mailer } = {}) {
  const { composer } = server.services.checkout.mailing;
  return new MailSender({ db: server.database.db, mailer: options.mailer ?? server.services.mailer, composer, clock: at, retry: POLICY });
}

async function rowOf(id: string) {
  return server.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An order placed while SMTP refuses: its "order received" mail is queued and its first attempt failed. */
async function orderWhileRefused() {
  smtp.refusing = true;
  const mug = await stockedProduct(server, { quantity: 5 });
  const email = uniqueEmail('smtp');
  const order = await placedOrder(server, [{ productId: mug._id }], { email });
  const row = await server.database.db.selectFrom('mail_outbox').selectAll().where('subject_id', '=', order.id).executeTakeFirstOrThrow();
  return { order, email, row };
}

describe('MailSender', () => {
  it('keeps a mail the SMTP server refused, retries it after the backoff and delivers it once the server recovers', async () => {
    const { email, row } = await orderWhileRefused();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, to_address: email });
    expect(row.last_error).toContain('Mailbox busy, try again later');
    const start = Date.now();
    // Not due before its backoff.
    expect(await senderAt(() => new Date(start + 1_000)).runOnce()).toEqual([]);
    // Due after it, refused again: the next wait is longer.
    const second = await senderAt(() => new Date(start + 60_000 + 1_000)).runOnce();
    expect(second.filter((result) => result.id === row.id)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 2, recorded: true }),
    ]);
    expect((await rowOf(row.id)).next_attempt_at.getTime()).toBe(start + 61_000 + 600_000);
    smtp.refusing = false;
    const third = await senderAt(() => new Date(start + 700_000)).runOnce();
    expect(third.filter((result) => result.id === row.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 3 })]);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', last_error: null });
    expect(acceptedFor(email)).toBe(1);
  });

  it('gives a mail up as failed with the error after the last attempt, and sends it on "retry now"', async () => {
    const { email, row } = await orderWhileRefused();
    const start = Date.now();
    await senderAt(() => new Date(start + 61_000)).runOnce();
    await senderAt(() => new Date(start + 1_000_000)).runOnce();
    const failed = await rowOf(row.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.last_error).toContain('451');
    const listed = await merchantCall(server, 'GET', '/_api/vitrine/v1/mails/outbox');
    expect(listed.body.mails.find((mail: { id: string }) => mail.id === row.id)).toMatchObject({
      status: 'failed',
      kind: 'order-received',
      to: email,
      attempts: 3,
      lastError: expect.stringContaining('Mailbox busy'),
      nextAttemptDate: null,
    });
    smtp.refusing = false;
    const retried = await merchantCall(server, 'POST', `/_api/vitrine/v1/mails/outbox/${row.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.mail).toMatchObject({ id: row.id, status: 'sent', lastError: null, sentDate: expect.any(String) });
    expect(acceptedFor(email)).toBe(1);
    const again = await merchantCall(server, 'POST', `/_api/vitrine/v1/mails/outbox/${row.id}/retry`, {});
    expect([again.status, again.body.details.applicationError.code]).toEqual([409, 'MAIL_NOT_FAILED']);
  });

  it('never lets two senders on one database send the same mail twice', async () => {
    const db = server.database.db;
    const to = uniqueEmail('race');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const data = {
        kind: 'payment-received',
        order: { number: `R${i}`, link: 'https://shop.example/', lines: [], totals: [], payment: { title: 'x', instructions: '' } },
      };
      ids.push((await insertOutboxMail(db, { kind: 'payment-received', to, data })).id);
    }
    // Both deliver to the dev mailbox of this database, which counts every send.
    const mailbox = new DevMailbox(db);
    const now = () => new Date(Date.now() + 1_000);
    const [first, second] = await Promise.all([senderAt(now, { mailer: mailbox }).runOnce(), senderAt(now, { mailer: mailbox }).runOnce()]);
    const sentIds = [...first, ...second].filter((result) => ids.includes(result.id)).map((result) => result.id);
    expect(sentIds.sort()).toEqual([...ids].sort());
    const delivered = await mailbox.list({ to });
    expect(delivered).toHaveLength(12);
    expect(new Set(delivered.map((mail) => mail.subject)).size).toBe(12);
  });
});
